import type { InlineCheck } from "../../diagnostics/check-meta.js";

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
