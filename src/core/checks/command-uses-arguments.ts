import { diagnostic, type InlineCheck } from "../../diagnostics/check-meta.js";
import { coreMarkdown, withCore } from "../../diagnostics/core-fixtures.js";
import type { Diagnostic, Position } from "../../diagnostics/diagnostic.js";

export const commandUsesArguments: InlineCheck = {
  id: "AGC073",
  slug: "command-uses-arguments",
  stage: "load",
  severity: "info",
  title: "A command with an argument_hint says where its arguments go",
  description:
    "argument_hint asks the user to type something after the command; a body without $ARGUMENTS or $1..$9 does not say where that input goes. Clients then add it on their own terms (Claude Code 2.1.332 appends a line `ARGUMENTS: <input>` to the prompt), so the command works, but the model reads the input after the instructions instead of where they refer to it. An info: an imported project's commands are often written so.",
  hint: "Put $ARGUMENTS (or $1, $2, ...) where the input belongs, or remove argument_hint if the command takes none.",
  get examples() {
    return {
      passing: withCore({
        "commands/fix-issue.md": coreMarkdown(
          ["description: Fixes an issue.", "argument_hint: <issue>"],
          ["Fix issue $ARGUMENTS."],
        ),
      }),
      failing: withCore({
        "commands/fix-issue.md": coreMarkdown(
          ["description: Fixes an issue.", "argument_hint: <issue>"],
          ["Fix the issue."],
        ),
      }),
      expected: [
        "core/commands/fix-issue.md:3:1: info AGC073 core/commands/fix-issue.md asks for arguments but its body uses neither $ARGUMENTS nor $1..$9: clients add the input after the text",
      ],
    };
  },
};

/** Placeholders a command body may use: $ARGUMENTS for all input, $1..$9 for single words. */
const argumentPlaceholder = /\$(ARGUMENTS|[1-9])/;

/** A command that declares an argument hint but whose body uses no argument placeholder. */
export function unusedArgumentsFinding(
  file: string,
  argumentHint: string | undefined,
  body: string,
  hintPosition: () => Position,
): Diagnostic | undefined {
  if (!argumentHint || argumentPlaceholder.test(body)) return undefined;
  return diagnostic(commandUsesArguments, {
    position: hintPosition(),
    message: `${file} asks for arguments but its body uses neither $ARGUMENTS nor $1..$9: clients add the input after the text`,
  });
}
