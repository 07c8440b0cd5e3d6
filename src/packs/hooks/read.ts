import { verbs as allVerbs, type HookEvent, hookEvents, toolEvents, type Verb } from "../../core/model.js";
import type { Position } from "../../diagnostics/diagnostic.js";
import { slotsOf } from "../shared/template-slots.js";
import { type KeyPath, unfill } from "../shared/unfill-template.js";
import type { HookMapping, HookReading } from "./model.js";

/** The neutral event and the verbs an event name implies (an event per tool kind, before or after it, names its verb). */
export function neutralEvent(
  mapping: HookMapping,
  name: string,
): { event: HookEvent; verbs?: Verb[] } | undefined {
  const event = hookEvents.find((e) => mapping.events[e] === name);
  if (event) return { event };
  const before = allVerbs.filter((verb) => mapping.events_by_verb?.[verb] === name);
  if (before.length > 0) return { event: "before_tool", verbs: before };
  const after = allVerbs.filter((verb) => mapping.after_events_by_verb?.[verb] === name);
  return after.length > 0 ? { event: "after_tool", verbs: after } : undefined;
}

/**
 * One entry of a client's hooks file, read back through the pack's entry template; `guard` is the secret
 * guard's command as the build writes it, when the file may hold it.
 */
export function reverseHookEntries(
  mapping: HookMapping,
  on: { event: HookEvent; verbs?: Verb[] },
  entry: unknown,
  position: Position,
  guard?: string,
): HookReading[] {
  return unfill(mapping.entry, entry).map((reading): HookReading => {
    if (reading.mismatch) return { problem: `has ${reading.mismatch}` };
    const { command, matcher, timeout, fail_closed: failClosed, description } = reading.slots;
    if (typeof command !== "string" || command.trim() === "") return { problem: "runs no command" };
    if (guard !== undefined && command === guard) return { guard: true };
    const lost = reading.extra.map((path) => ({
      path,
      message: "has no neutral equivalent",
    }));
    const verbs = on.verbs ?? matcherVerbs(mapping, matcher, on.event, lost);
    if (verbs === "none")
      return { problem: `has the matcher "${String(matcher)}", which names no tool the pack maps to a verb` };
    const seconds = timeoutOf(mapping, timeout, lost);
    const closed = slotsOf(mapping.entry).has("fail_closed")
      ? failClosed !== undefined && failClosed === (mapping.fail_closed_value ?? true)
      : undefined;
    return {
      hook: {
        event: on.event,
        ...(verbs !== undefined ? { verbs } : {}),
        command: fromRoot(mapping, command),
        ...(seconds !== undefined ? { timeout: seconds } : {}),
        ...(closed !== undefined ? { failClosed: closed } : {}),
        ...(typeof description === "string" ? { description } : {}),
        position,
      },
      lost,
    };
  });
}

/**
 * Verbs of a matcher: null for every tool (and for events about no tool), undefined when the client has no
 * matchers (its file cannot say), "none" when no name of the matcher maps to a verb.
 */
function matcherVerbs(
  mapping: HookMapping,
  matcher: unknown,
  event: HookEvent,
  lost: { path: KeyPath; message: string }[],
): Verb[] | null | undefined | "none" {
  const given = matcher !== undefined && matcher !== "" && matcher !== "*";
  if (!toolEvents.includes(event)) {
    if (given)
      lost.push({
        path: ["matcher"],
        message: `is "${String(matcher)}", a matcher of a ${event} hook, which has no neutral equivalent`,
      });
    return null;
  }
  if (mapping.matcher_join === undefined || !slotsOf(mapping.entry).has("matcher")) return undefined;
  if (!given) return null;
  const names = String(matcher)
    .split(mapping.matcher_join)
    .map((n) => n.trim());
  const found = allVerbs.filter((verb) => (mapping.hook_tools[verb] ?? []).some((n) => names.includes(n)));
  const known = new Set(found.flatMap((verb) => mapping.hook_tools[verb] ?? []));
  for (const name of names.filter((n) => !known.has(n)))
    lost.push({ path: ["matcher"], message: `names the tool "${name}", which no neutral verb stands for` });
  return found.length > 0 ? found : "none";
}

function timeoutOf(
  mapping: HookMapping,
  value: unknown,
  lost: { path: KeyPath; message: string }[],
): number | undefined {
  if (value === undefined) return undefined;
  const seconds =
    typeof value === "number" ? (mapping.timeout_unit === "milliseconds" ? value / 1000 : value) : Number.NaN;
  if (Number.isInteger(seconds) && seconds >= 1 && seconds <= 3600) return seconds;
  lost.push({
    path: ["timeout"],
    message: `the timeout ${JSON.stringify(value)} is no whole number of seconds from 1 to 3600`,
  });
  return undefined;
}

/** A core hook runs from the project root; the build puts the client's `cd "$DIR" &&` in front again. */
function fromRoot(mapping: HookMapping, command: string): string {
  const dir = mapping.hook_project_dir_var;
  const prefix = dir === undefined ? undefined : `cd "$${dir}" && `;
  return prefix && command.startsWith(prefix) ? command.slice(prefix.length) : command;
}
