import type { InlineCheck } from "../../diagnostics/check-meta.js";
import { json, withCore } from "../../diagnostics/core-fixtures.js";

export const permissionListsDisagree: InlineCheck = {
  id: "AGC067",
  slug: "permission-lists-disagree",
  stage: "load",
  severity: "warning",
  title: "One rule stands in one permission list only",
  description:
    "Rules are evaluated deny, then ask, then allow, so the same rule in two lists only ever acts from the stricter one; the other entry is dead and misleads readers.",
  hint: "Keep the rule in the list you mean and remove the other entry.",
  examples: {
    passing: withCore({
      "permissions.json": json({ version: 1, deny: [{ verb: "exec", commands: ["git push"] }] }),
    }),
    failing: withCore({
      "permissions.json": json({
        version: 1,
        deny: [{ verb: "exec", commands: ["git push"] }],
        allow: [{ verb: "exec", commands: ["git push"] }],
      }),
    }),
    expected: [
      "core/permissions.json:12:5: warning AGC067 Exec(git push) in allow is also in deny, which is evaluated first; this entry never applies",
    ],
  },
};
