import { diagnostic, type InlineCheck } from "../../diagnostics/check-meta.js";
import type { Diagnostic } from "../../diagnostics/diagnostic.js";
import type { RecoveredLine } from "../../packs/shared/items/recovered-frontmatter.js";

export const itemFrontmatterIsYaml: InlineCheck = {
  id: "AGC210",
  slug: "item-frontmatter-is-yaml",
  stage: "lint",
  severity: "warning",
  title: "A rule's, skill's, agent's or command's frontmatter is YAML as written",
  description:
    "A rule description like `Testing: how we write tests`, an agent description with `Context:` and `user:` examples on one unquoted line, or an argument hint like `\"<version>\" [--dry-run]`, is not YAML: a YAML reader refuses the whole block. Claude Code's reader recovers such a block by quoting each such one-line value and reading tab indents as spaces, and agentc import reads it so; every other reader of the file (another assistant reading the same folder, an editor's schema, a linter) gets none of its fields. agentc lint --fix quotes the values and indents with spaces, which every reader reads the same; a rule's fields its client reads as written (Cursor's) and globs fields are left as they are.",
  hint: 'Quote the value (description: "Use it when: …", with \\" for a quote inside), and indent with spaces; agentc lint --fix does both.',
  examples: {
    passing: {
      ".claude/agents/reviewer.md":
        '---\nname: reviewer\ndescription: "Use after a change. Example: user asks for a review"\nmodel: sonnet\n---\nYou review the change.\n',
    },
    failing: {
      ".claude/agents/reviewer.md":
        "---\nname: reviewer\ndescription: Use after a change. Example: user asks for a review\nmodel: sonnet\n---\nYou review the change.\n",
    },
    expected: [
      '.claude/agents/reviewer.md:3:1: warning AGC210 description holds ": " unquoted, which YAML refuses: readers that do not quote such values themselves get none of the frontmatter\'s fields',
    ],
  },
};

/** One line a reader must recover before YAML reads the block: what YAML refuses there. */
export function recoveredLineFinding(file: string, recovered: RecoveredLine): Diagnostic {
  const what =
    recovered.reason === "tab"
      ? "is indented with a tab"
      : `${recovered.key} holds ${recovered.reason === "colon" ? '": "' : "characters YAML reads as syntax"} unquoted`;
  return diagnostic(itemFrontmatterIsYaml, {
    position: { file, line: recovered.line, column: 1 },
    message: `${what}, which YAML refuses: readers that do not quote such values themselves get none of the frontmatter's fields`,
  });
}
