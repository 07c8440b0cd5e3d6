import { diagnostic, type InlineCheck } from "../../diagnostics/check-meta.js";
import type { Diagnostic, Position } from "../../diagnostics/diagnostic.js";
import { withBase } from "../../diagnostics/fixture-base.js";

export const inputWithinLimits: InlineCheck = {
  id: "AGC106",
  slug: "input-within-limits",
  stage: "load",
  severity: "error",
  title: "Registry input stays within agentc's limits",
  description:
    "A registry may come from anyone, so every input is bounded: JSON and YAML nested at most 64 levels, YAML aliases expanded at most 100 times, a YAML block (a file's frontmatter) at most 1,000 keys and list items, paths at most 1024 characters with names of at most 255 bytes, and a folder walk at most 100,000 entries; sources.json's schema holds the words the checks search rule text for (depth_vocabulary, envelope_slots, trigger keys) to 200 characters (AGC002). Past a limit the input is reported at its position and not used, instead of exhausting memory or the stack. Messages quote at most 200 characters of any input, with an ellipsis.",
  hint: "Flatten the nesting, replace the aliases with the values, or shorten the path or word.",
  get examples() {
    return {
      passing: withBase({}),
      failing: withBase({
        "core/mcp.json": `{"version": 1, "servers": {"deep": ${"[".repeat(70)}${"]".repeat(70)}}}\n`,
      }),
      expected: ["core/mcp.json:1:98: error AGC106 JSON nested more than 64 levels deep"],
    };
  },
};

/** Input past one of agentc's limits, at its place, in the parser's or reader's words. */
export function limitFinding(position: Position, message: string): Diagnostic {
  return diagnostic(inputWithinLimits, { position, message });
}

/** A folder walk that stopped at the entry limit. */
export function walkLimitFinding(folder: string, entries: number): Diagnostic {
  return limitFinding(
    { file: folder, line: 1, column: 1 },
    `${folder} holds more than ${entries} files and folders (links counted as what they lead to); the rest is not read`,
  );
}
