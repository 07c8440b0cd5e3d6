import type { InlineCheck } from "../../diagnostics/check-meta.js";

export const nativeContentImported: InlineCheck = {
  id: "AGC128",
  slug: "native-content-imported",
  stage: "import",
  severity: "warning",
  title: "Everything a native file says reaches the registry",
  description:
    "agentc import turns each native field into its neutral form (docs/import.md). A field, value or settings key with no neutral equivalent, or a value the registry would refuse (its JSON Schema, AGC019), is not imported and is named at its line (warning; an item the registry refuses whole stays the project's file), and so is a second, different item under a name already taken, which is imported under a new name. Changes that keep the meaning (a name made portable, a description taken from the first line) are infos.",
  hint: "Keep the value in the project's own file (agentc composes beside it and never removes it), or express it in core/ by hand if the registry should carry it.",
  examples: {
    passing: {
      ".claude/rules/testing.md": "---\npaths:\n  - test/**\n---\n# Testing\n\nTests use real files.\n",
    },
    failing: {
      ".github/instructions/testing.instructions.md":
        '---\napplyTo: "test/**"\nexcludeAgent: code-review\n---\n# Testing\n\nTests use real files.\n',
    },
    expected: [
      '.github/instructions/testing.instructions.md:3:1: warning AGC128 "excludeAgent" of .github/instructions/testing.instructions.md has no neutral equivalent: not imported',
    ],
  },
};
