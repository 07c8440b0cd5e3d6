import type { OwnedEntry } from "../../compose/model.js";
import { type CoreHook, type Verb, verbs } from "../../core/model.js";
import { agentStartNames } from "../shared/agent-start-tools.js";
import { type CapabilityRow, capabilityRow, type Enforcement } from "../shared/capability.js";
import { withRuntimePlaceholders } from "../shared/pack-text.js";
import { type SettingsOutcome, uniqueEntries } from "../shared/settings-part.js";
import { fillTemplate, slotsOf } from "../shared/template-slots.js";
import type { HookEntrySlot, HookMapping, HooksPack } from "./model.js";

/** Where one hook goes: the client's event, and the verbs its matcher names (absent: every tool). */
interface Placement {
  event: string;
  matcherVerbs?: Verb[];
}

/** One hook as the client takes it: its entries, and what could not be placed. */
export interface HookPlan {
  entries: OwnedEntry[];
  /** Client events the hook was written under. */
  events: string[];
  /** Verbs the client's matchers cannot name; the hook does not see their calls. */
  unmappedVerbs: Verb[];
  /** True when the client has no event for the hook, or for some of its verbs. */
  noEvent: boolean;
  /** True when the hook runs for every tool because the client has no matchers. */
  unfiltered: boolean;
}

/** core/hooks.json through a pack: entries under [...key, event] and one row per promise. */
export function hookEntries(pack: HooksPack, hooks: CoreHook[]): SettingsOutcome {
  const mapping = pack.hooks && withAgentStartTools(pack, pack.hooks);
  if (!mapping) {
    const rows = hooks.map((hook) =>
      capabilityRow(pack.client, "hook", promiseOf(hook), hook.position, "cannot", "the client has no hooks"),
    );
    return { parts: [], rows };
  }
  const file = withRuntimePlaceholders(pack, mapping.file);
  const entries: OwnedEntry[] = [];
  const rows: CapabilityRow[] = [];
  for (const hook of hooks) {
    const plan = planHook(mapping, hook, commandFromRoot(mapping, hook.command));
    entries.push(...plan.entries);
    rows.push(...hookRows(pack, mapping, file, hook, plan));
  }
  if (entries.length > 0) entries.push(...fileExtraEntries(mapping));
  return {
    parts: entries.length > 0 ? [{ file, format: mapping.format, entries: uniqueEntries(entries) }] : [],
    rows,
  };
}

/**
 * The entries of one hook with a ready command; the guard uses this too. `matcher`, when given, is
 * written as is in place of the verbs' tool names.
 */
export function planHook(
  mapping: HookMapping,
  hook: CoreHook,
  command: string,
  matcherAsWritten?: string,
): HookPlan {
  const { placements, noEvent } = placementsOf(mapping, hook);
  const entries: OwnedEntry[] = [];
  const unmapped = new Set<Verb>();
  let unfiltered = false;
  for (const placement of placements) {
    const byVerbs = matcherOf(mapping, placement.matcherVerbs);
    const matcher =
      matcherAsWritten !== undefined && byVerbs.names !== undefined
        ? { names: [matcherAsWritten], unmapped: [] }
        : byVerbs;
    for (const verb of matcher.unmapped) unmapped.add(verb);
    if (matcher.names?.length === 0) continue;
    const matches = mapping.matcher_join !== undefined && slotsOf(mapping.entry).has("matcher");
    if (matcher.names !== undefined && !matches) unfiltered = true;
    const slots: Record<HookEntrySlot, unknown> = {
      matcher: matches ? matcher.names?.join(mapping.matcher_join ?? "") : undefined,
      command,
      timeout: timeoutOf(mapping, hook.timeout),
      fail_closed: hook.failClosed ? (mapping.fail_closed_value ?? true) : undefined,
      description: hook.description,
    };
    const value = fillTemplate(mapping.entry, slots);
    entries.push({ path: [...mapping.key, placement.event], value, element: true });
  }
  const events = [...new Set(entries.map((e) => String(e.path[e.path.length - 1])))];
  return { entries, events, unmappedVerbs: [...unmapped], noEvent, unfiltered };
}

/** A before_tool or after_tool hook on a client with one event per tool kind is split by verb. */
function placementsOf(mapping: HookMapping, hook: CoreHook): { placements: Placement[]; noEvent: boolean } {
  const generic = mapping.events[hook.event];
  const byVerb =
    hook.event === "before_tool"
      ? mapping.events_by_verb
      : hook.event === "after_tool"
        ? mapping.after_events_by_verb
        : undefined;
  // A hook for every tool, on a client with only per-kind events, goes to each of them.
  const hookVerbs = hook.verbs ?? (byVerb && generic === undefined ? [...verbs] : undefined);
  if (!byVerb || !hookVerbs) {
    if (generic === undefined) return { placements: [], noEvent: true };
    return {
      placements: [{ event: generic, ...(hook.verbs ? { matcherVerbs: hook.verbs } : {}) }],
      noEvent: false,
    };
  }
  const own = [...new Set(hookVerbs.flatMap((verb) => byVerb[verb] ?? []))];
  const rest = hookVerbs.filter((verb) => byVerb[verb] === undefined);
  const placements: Placement[] = own.map((event) => ({ event }));
  if (rest.length > 0 && generic !== undefined) placements.push({ event: generic, matcherVerbs: rest });
  return { placements, noEvent: rest.length > 0 && generic === undefined };
}

function matcherOf(mapping: HookMapping, verbs: Verb[] | undefined): { names?: string[]; unmapped: Verb[] } {
  if (!verbs) return { unmapped: [] };
  const unmapped = verbs.filter((verb) => (mapping.hook_tools[verb] ?? []).length === 0);
  return { names: [...new Set(verbs.flatMap((verb) => mapping.hook_tools[verb] ?? []))], unmapped };
}

function timeoutOf(mapping: HookMapping, seconds: number | undefined): number | undefined {
  if (seconds === undefined) return undefined;
  return mapping.timeout_unit === "milliseconds" ? seconds * 1000 : seconds;
}

/** Core hook commands run from the project root; a client that starts them elsewhere says where it is. */
function commandFromRoot(mapping: HookMapping, command: string): string {
  const dir = mapping.hook_project_dir_var;
  return dir === undefined ? command : `cd "$${dir}" && ${command}`;
}

/** The hooks section whose matchers name the pack's agent_start_tools for the verb "agent". */
export function withAgentStartTools(pack: HooksPack, hooks: HookMapping): HookMapping {
  return pack.agent_start_tools ? { ...hooks, hook_tools: agentStartNames(pack, hooks.hook_tools) } : hooks;
}

/** Values at the top of the hooks file (e.g. a version), written with the first hook entry. */
export function fileExtraEntries(mapping: HookMapping): OwnedEntry[] {
  return Object.entries(mapping.file_extra ?? {}).map(([key, value]) => ({ path: [key], value }));
}

function promiseOf(hook: CoreHook): string {
  const verbs = hook.verbs ? ` on ${hook.verbs.join(", ")}` : "";
  return `${hook.event} hook "${hook.command}"${verbs}`;
}

function hookRows(
  pack: HooksPack,
  mapping: HookMapping,
  file: string,
  hook: CoreHook,
  plan: HookPlan,
): CapabilityRow[] {
  const promise = promiseOf(hook);
  const row = (suffix: string, enforcement: Enforcement, reason: string, basis = "/hooks") =>
    capabilityRow(pack.client, "hook", `${promise}${suffix}`, hook.position, enforcement, reason, basis);
  if (plan.entries.length === 0) {
    const why = plan.noEvent
      ? `the client has no hook event for ${hook.event}`
      : `the client's hook matchers name no tool for ${plan.unmappedVerbs.join(", ")}`;
    return [row("", "cannot", why, plan.noEvent ? "/hooks/events" : "/hooks/hook_tools")];
  }
  const broad = plan.unfiltered ? "; the client has no matchers, so it runs for every tool" : "";
  const rows = [row("", "enforced", `runs on ${plan.events.join(", ")} in ${file}${broad}`)];
  if (plan.noEvent)
    rows.push(
      row(" (some verbs)", "cannot", `the client has no hook event for ${hook.event}`, "/hooks/events"),
    );
  for (const verb of plan.unmappedVerbs) {
    rows.push(
      row(
        ` sees ${verb}`,
        "cannot",
        `the client's hook matchers name no tool for the verb "${verb}"`,
        "/hooks/hook_tools",
      ),
    );
  }
  if (hook.failClosed) {
    const closed = failClosedGap(mapping);
    const since = failClosedSince(pack, mapping);
    if (closed) rows.push(row(" fails closed", "cannot", closed, "/hooks/hook_fail_closed"));
    else if (since) rows.push(row(" fails closed", "partial", since, "/hooks/hook_fail_closed"));
  }
  for (const [suffix, reason] of lostValues(mapping, hook))
    rows.push(row(suffix, "cannot", reason, "/hooks/entry"));
  return rows;
}

/** Core values the client's hook entry has no slot for: [promise suffix, reason]. */
function lostValues(mapping: HookMapping, hook: CoreHook): [string, string][] {
  const slots = slotsOf(mapping.entry);
  const lost: [string, string][] = [];
  if (hook.timeout !== undefined && !slots.has("timeout"))
    lost.push([
      ` times out after ${hook.timeout} s`,
      "the client's hook entry has no timeout field; the client's own default applies",
    ]);
  if (hook.description !== undefined && !slots.has("description"))
    lost.push([
      ` described as "${hook.description}"`,
      "the client's hook entry has no description field; the description is not written",
    ]);
  return lost;
}

/** Where the client fails closed only from a version on: what older versions do, else undefined. */
export function failClosedSince(pack: HooksPack, mapping: HookMapping): string | undefined {
  const since = mapping.hook_fail_closed_since;
  if (!mapping.hook_fail_closed || since === undefined) return undefined;
  return `a crash, a missing program or a timeout of the hook blocks the call from ${pack.name} ${since} on; older versions let it through`;
}

/** Why a fail-closed promise cannot be kept, or undefined when the client keeps it. */
export function failClosedGap(mapping: HookMapping): string | undefined {
  if (!mapping.hook_can_block) return "the client's hooks cannot block a call";
  if (!mapping.hook_fail_closed) {
    return "the client lets the call through when the hook crashes or times out; only the hook's own blocking exit stops it";
  }
  return undefined;
}
