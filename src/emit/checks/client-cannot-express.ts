import { withExamplePack } from "../../clients/checks/client-fixtures.js";
import type { InlineCheck } from "../../diagnostics/check-meta.js";
import { coreMarkdown } from "../../diagnostics/core-fixtures.js";

export const clientCannotExpress: InlineCheck = {
  id: "AGC080",
  slug: "client-cannot-express",
  stage: "emit",
  severity: "warning",
  title: "A client pack says what its client cannot express",
  description:
    "When a client has no place or field for a promise of core/ (a skill's tool limit, a command-exact deny, a folder the client lacks), the promise is not written for that client. The build names each such promise at its source, so nothing is dropped silently; CAPABILITIES.md lists the same rows.",
  hint: "Accept the gap for this client (the global permissions or the guard may cover it), or express the promise in a form the client keeps (a coarse deny verb instead of a command pattern).",
  examples: {
    passing: withExamplePack({
      "skills/explain/SKILL.md": coreMarkdown(
        ["name: explain", "description: Explains the selected code."],
        ["# Explain", "", "Explain the selected code."],
      ),
    }),
    failing: withExamplePack({
      "skills/explain/SKILL.md": coreMarkdown(
        ["name: explain", "description: Explains the selected code.", "tools: [read, grep]"],
        ["# Explain", "", "Explain the selected code."],
      ),
    }),
    expected: [
      "core/skills/explain/SKILL.md:4:8: warning AGC080 Example Assistant cannot express: skill explain uses only read, grep",
    ],
  },
};
