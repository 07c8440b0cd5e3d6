import type { InlineCheck } from "../../diagnostics/check-meta.js";
import { coreMarkdown, withCore } from "./core-fixtures.js";

export const commandUsesArguments: InlineCheck = {
  id: "AGC073",
  slug: "command-uses-arguments",
  stage: "load",
  severity: "warning",
  title: "A command with an argument_hint uses its arguments",
  description:
    "argument_hint asks the user to type something after the command; a body without $ARGUMENTS or $1..$9 throws that input away.",
  hint: "Put $ARGUMENTS (or $1, $2, ...) where the input belongs, or remove argument_hint.",
  examples: {
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
  },
};
