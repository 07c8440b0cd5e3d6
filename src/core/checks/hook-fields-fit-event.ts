import { diagnostic, type InlineCheck } from "../../diagnostics/check-meta.js";
import { json, withCore } from "../../diagnostics/core-fixtures.js";
import type { Diagnostic, Position } from "../../diagnostics/diagnostic.js";
import { blockingEvents, type HookEvent, toolEvents, type Verb } from "../model.js";

export const hookFieldsFitEvent: InlineCheck = {
  id: "AGC071",
  slug: "hook-fields-fit-event",
  stage: "load",
  severity: "error",
  title: "A hook's verbs and fail_closed fit its event",
  description:
    "Only tool events (before_tool, after_tool, after_tool_failure, permission_request) concern verbs, and only events that can block (before_tool, prompt_submit) can fail closed. Elsewhere the field maps to nothing and the promise it makes is lost.",
  hint: "Remove the field, or move the hook to an event that supports it.",
  get examples() {
    return {
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
    };
  },
};

type HookField = "verbs" | "fail_closed";

/** Each field of a hook its event gives no meaning to, at the position of its key. */
export function misfitFieldFindings(
  hook: { event: HookEvent; verbs?: Verb[]; fail_closed?: boolean },
  positionOf: (field: HookField) => Position,
): Diagnostic[] {
  const fields: HookField[] = [];
  if (hook.verbs !== undefined && !toolEvents.includes(hook.event)) fields.push("verbs");
  if (hook.fail_closed === true && !blockingEvents.includes(hook.event)) fields.push("fail_closed");
  return fields.map((field) => {
    const events = field === "verbs" ? toolEvents : blockingEvents;
    return diagnostic(hookFieldsFitEvent, {
      position: positionOf(field),
      message: `"${field}" has no meaning for event "${hook.event}"; only ${events.join(", ")} take it`,
    });
  });
}
