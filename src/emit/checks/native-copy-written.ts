import type { InlineCheck } from "../../diagnostics/check-meta.js";
import { withBase } from "../../diagnostics/fixture-base.js";

export const nativeCopyWritten: InlineCheck = {
  id: "AGC190",
  slug: "native-copy-written",
  stage: "emit",
  severity: "error",
  title: "What the check asserts, as a statement",
  description: "Why the check exists, in a sentence or two: what goes wrong without it.",
  hint: "What to change in the registry so that the check passes.",
  examples: {
    passing: withBase({}),
    failing: withBase({ "rules/extra.md": "---\nscope: global\n---\n# Extra\n\nText.\n" }),
    expected: [],
  },
};
