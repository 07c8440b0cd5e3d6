import type { CoreHook } from "../../core/model.js";
import type { Position } from "../../diagnostics/diagnostic.js";
import {
  failClosedGap,
  failClosedSince,
  fileExtraEntries,
  planHook,
  withAgentStartTools,
} from "../hooks/emit.js";
import { guardCommand } from "../hooks/guard-command.js";
import type { HookMapping } from "../hooks/model.js";
import type { SectionInput } from "../section.js";
import { type CapabilityRow, capabilityRow, type Enforcement } from "../shared/capability.js";
import type { OwnedFile } from "../shared/items/emit-context.js";
import { withRuntimePlaceholders } from "../shared/pack-text.js";
import type { SettingsOutcome } from "../shared/settings-part.js";
import type { GuardPack, GuardWiring } from "./model.js";
import { guardProgram } from "./program.js";

const promise = "secret files and secret content are blocked before any tool call";

/**
 * The secret guard in one client: the program as an owned executable file at `guard.path` and a
 * before_tool hook for `guard.verbs`, wherever the client's hooks can block. Where they cannot, a
 * "cannot" row says so when targets.json sets `"secret_guard": true`; `false` leaves the guard out.
 */
export function guardWiring(
  pack: GuardPack,
  registry: SectionInput,
): SettingsOutcome & { files: OwnedFile[] } {
  const none = { parts: [], rows: [], files: [] };
  if (!secretGuardWanted(registry)) return none;
  const source = registry.targetsDocument.positionOf(["secret_guard"], "key");
  const { guard, hooks } = pack;
  if (!guard || !hooks?.hook_can_block) {
    // The guard is on by default; only a registry that asks for it by name hears where it cannot be.
    if (!secretGuardRequested(registry)) return none;
    const why = hooks ? "the client's hooks cannot block a tool call" : "the client has no hooks";
    return {
      ...none,
      rows: [row(pack, source, "cannot", `${why}; secret protection is instruction-only here`)],
    };
  }
  const path = withRuntimePlaceholders(pack, guard.path);
  const effective = withAgentStartTools(pack, hooks);
  const plan = planHook(effective, guardHook(guard, source), guardCommand(pack, hooks) ?? "", guard.matcher);
  const file = withRuntimePlaceholders(pack, hooks.file);
  return {
    parts:
      plan.entries.length > 0
        ? [{ file, format: hooks.format, entries: [...plan.entries, ...fileExtraEntries(hooks)] }]
        : [],
    rows: [
      ...guardRows(pack, guard, hooks, source, plan, file),
      ...unanchoredRows(pack, hooks, source, path, plan),
    ],
    files: plan.entries.length > 0 ? [programFile(pack, path)] : [],
  };
}

/** A relative guard path on a client that neither names the project root nor starts hooks there. */
function unanchoredRows(
  pack: GuardPack,
  hooks: HookMapping,
  source: Position,
  path: string,
  plan: ReturnType<typeof planHook>,
): CapabilityRow[] {
  if (
    plan.entries.length === 0 ||
    hooks.hook_project_dir_var !== undefined ||
    hooks.hooks_run_in_project_root
  )
    return [];
  const reason = `${pack.name} gives hooks no project-dir variable and does not start them in the project root, so the relative path ${path} is found only when ${pack.name} is started at the project root; started in a subfolder, the hook command fails and ${hooks.hook_fail_closed ? "every call is blocked" : "the call goes through"}`;
  return [
    capabilityRow(
      pack.client,
      "guard",
      `the guard program is found at ${path}`,
      source,
      "instruction",
      reason,
    ),
  ];
}

/** Unless targets.json says `"secret_guard": false`. */
export function secretGuardWanted(registry: Pick<SectionInput, "targets">): boolean {
  return registry.targets.secret_guard !== false;
}

/** targets.json says `"secret_guard": true`. */
function secretGuardRequested(registry: SectionInput): boolean {
  return registry.targets.secret_guard === true;
}

function guardHook(guard: GuardWiring, position: Position): CoreHook {
  return {
    event: "before_tool",
    verbs: guard.verbs,
    command: "agentc-guard",
    ...(guard.timeout === undefined ? {} : { timeout: guard.timeout }),
    // a guard that lets unreadable input through (seed 001: hook_fail_closed false) is not written fail-closed
    failClosed: guard.fail_closed !== false,
    position,
  };
}

function programFile(pack: GuardPack, path: string): OwnedFile {
  return {
    path,
    bytes: guardProgram(),
    component: pack.client,
    role: "asset",
    rules: [],
    executable: true,
    client: { client: pack.client, kind: "guard", name: "agentc-guard", alwaysLoaded: false },
  };
}

/** What the guard cannot see wherever it runs (docs/guard.md, "What it cannot see"). */
const unseen =
  "it judges each call's own words: programs that open files themselves, recursive readers without a path and hard links get through (docs/guard.md)";

/** What happens to a call whose file names are computed when it runs (docs/guard.md, "Ask or block"). */
const unsure = (guard: GuardWiring) =>
  guard.ask === true
    ? "a call whose file names are computed when it runs is put to the person (ask)"
    : "a call whose file names are computed when it runs is blocked";

function guardRows(
  pack: GuardPack,
  guard: GuardWiring,
  hooks: HookMapping,
  source: Position,
  plan: ReturnType<typeof planHook>,
  file: string,
): CapabilityRow[] {
  if (plan.entries.length === 0)
    return [row(pack, source, "cannot", "the client has no before-tool hook event")];
  const failure = failClosedGap(hooks)
    ? "the guard exits 2 on its own errors and limits, but a missing node or the client's timeout lets the call through"
    : (failClosedSince(pack, hooks) ?? "a crash, a missing node or the client's timeout blocks the call too");
  const where = `hook on ${plan.events.join(", ")} in ${file}`;
  const rows = [row(pack, source, "partial", `${where}; ${unsure(guard)}; ${unseen}; ${failure}`)];
  for (const verb of plan.unmappedVerbs) {
    const reason = `the client's hook matchers name no tool for the verb "${verb}"`;
    rows.push(capabilityRow(pack.client, "guard", `${promise} (${verb})`, source, "cannot", reason));
  }
  return rows;
}

function row(pack: GuardPack, source: Position, enforcement: Enforcement, reason: string): CapabilityRow {
  return capabilityRow(pack.client, "guard", promise, source, enforcement, reason);
}
