import { diagnostic, type InlineCheck } from "../../diagnostics/check-meta.js";
import type { Diagnostic, Position } from "../../diagnostics/diagnostic.js";
import { nearestName } from "../../shared/nearest-name.js";
import { plural } from "../client-findings.js";

export const nativeFrontmatterDocumented: InlineCheck = {
  id: "AGC200",
  slug: "native-frontmatter-documented",
  stage: "lint",
  severity: "warning",
  title: "Every frontmatter field of a native file is one its client reads, with a value of the right type",
  description:
    "Each client documents the frontmatter fields it reads in its rule, skill, agent and command files (its pack's documented_fields, with the date checked). A field it does not read is ignored without a word: usually a misspelling (`alwaysapply`, `globes`) or another client's field, and the rule or skill then does something else than its author thinks. A field the client reads as true or false (Cursor's alwaysApply, a skill's disable-model-invocation) written as text is an error: the client does not take \"true\" for true.",
  hint: "Rename the field to the one the client reads (the message suggests the nearest), or remove it; write true and false without quotes.",
  examples: {
    passing: {
      ".cursor/rules/style.mdc":
        "---\ndescription: How we write TypeScript\nglobs: src/**/*.ts\nalwaysApply: false\n---\nPrefer small functions.\n",
      "src/index.ts": "export {};\n",
    },
    failing: {
      ".cursor/rules/style.mdc":
        "---\ndescription: How we write TypeScript\nglobs: src/**/*.ts\nalwaysapply: false\n---\nPrefer small functions.\n",
      "src/index.ts": "export {};\n",
    },
    expected: [
      '.cursor/rules/style.mdc:4:1: warning AGC200 Cursor does not read frontmatter field "alwaysapply" in rule files (did you mean "alwaysApply"?); description, globs, alwaysApply are read',
    ],
  },
};

/**
 * One frontmatter field of a `kind` file against the fields its readers (`who`) document and those of them
 * that hold true or false: unread (with the nearest documented name), or a switch not written as one.
 */
export function frontmatterFieldFinding(
  field: { key: string; value: unknown; kind: string },
  readers: { who: string; fields: readonly string[]; booleans: boolean },
  positionOf: (part: "key" | "value") => Position,
): Diagnostic | undefined {
  const { key, value, kind } = field;
  const { who, fields } = readers;
  if (!fields.includes(key)) {
    const near = nearestName(key, fields);
    return diagnostic(nativeFrontmatterDocumented, {
      position: positionOf("key"),
      message: `${who} do${plural(who) === "s" ? "es" : ""} not read frontmatter field "${key}" in ${kind} files${near ? ` (did you mean "${near}"?)` : ""}; ${fields.join(", ")} ${fields.length === 1 ? "is" : "are"} read`,
      // A field of the team's own (version, owner, status) has a documented place where every reader keeps it.
      ...(!near && fields.includes("metadata")
        ? {
            hint: `Move "${key}" under metadata: (indented below a metadata: line), where the readers of ${kind} files keep a team's own fields; or remove it.`,
          }
        : {}),
    });
  }
  if (!readers.booleans || typeof value === "boolean") return undefined;
  return diagnostic(nativeFrontmatterDocumented, {
    position: positionOf("value"),
    severity: "error",
    message: `${who} read${plural(who)} "${key}" as true or false, but it is ${JSON.stringify(value)}`,
    hint: `Write ${key}: true or ${key}: false, without quotes.`,
  });
}
