import type { InlineCheck } from "../../diagnostics/check-meta.js";
import { json, withCore } from "../../diagnostics/core-fixtures.js";

export const hookFieldsFitEvent: InlineCheck = {
  id: "AGC071",
  slug: "hook-fields-fit-event",
  stage: "load",
  severity: "error",
  title: "A hook's verbs and fail_closed fit its event",
  description:
    "Only tool events (before_tool, after_tool, after_tool_failure, permission_request) concern verbs, and only events that can block (before_tool, prompt_submit) can fail closed. Elsewhere the field maps to nothing and the promise it makes is lost.",
  hint: "Remove the field, or move the hook to an event that supports it.",
  examples: {
    passing: withCore({
      "hooks.json": json({
        version: 1,
        hooks: [{ event: "before_tool", verbs: ["read", "edit"], command: "guard", fail_closed: true }],
      }),
    }),
    failing: withCore({
      "hooks.json": json({
        version: 1,
        hooks: [{ event: "session_start", verbs: ["read"], command: "guard" }],
      }),
    }),
    expected: [
      'core/hooks.json:6:7: error AGC071 "verbs" has no meaning for event "session_start"; only before_tool, after_tool, after_tool_failure, permission_request take it',
    ],
  },
};
