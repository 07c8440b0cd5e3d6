import type { CapabilityHook } from "../../capabilities/model.js";
import { parseHookLine } from "../../manifest/hook-line.js";
import type { InstallRecord } from "../model/record.js";
import { mayRetire, type SpawnRecord } from "../model/spawn-record.js";
import type { CapabilityUnit } from "./capability-unit.js";
import type { SpawnReport } from "./spawn-report.js";

/** A capability to spawn in this run: new, changed since its last spawn, or never spawned (hooks were not allowed). */
export interface SpawnStep {
  unit: CapabilityUnit;
  /** the spawn hook, when the package declares one */
  hook?: CapabilityHook;
  /** the record of an earlier spawn that stands (an upgrade): a failure keeps it and does not retire */
  previous?: SpawnRecord;
}

/** What the install does with capability packages, decided before anything is written. */
export interface SpawnPlan {
  spawn: SpawnStep[];
  /** recorded spawns that stand as they are */
  keep: SpawnRecord[];
  /** recorded spawns of components no longer chosen, in spawn order: retired (last first) before their files go */
  retire: SpawnRecord[];
}

/** `retrySkipped`: spawn again what an earlier run recorded as skipped (hooks are allowed now). */
export function planSpawns(
  units: CapabilityUnit[],
  record: InstallRecord | undefined,
  retrySkipped: boolean,
): SpawnPlan {
  const recorded = new Map((record?.spawned ?? []).map((s) => [s.component, s]));
  const plan: SpawnPlan = { spawn: [], keep: [], retire: [] };
  for (const unit of units) {
    const previous = recorded.get(unit.component);
    recorded.delete(unit.component);
    // retired by a run that did not finish: its files are back, what its spawn hook set up is not
    const retry = (retrySkipped && previous?.state === "skipped") || previous?.state === "retired";
    if (previous && previous.content_sha256 === unit.contentSha && !retry) {
      plan.keep.push(previous);
      continue;
    }
    const hook = unit.hooks.find((h) => h.event === "spawn");
    plan.spawn.push({
      unit,
      ...(hook ? { hook } : {}),
      ...(previous?.state === "ok" ? { previous } : {}),
    });
  }
  plan.retire = [...recorded.values()];
  return plan;
}

/** A spawn hook a person must allow first, with what it may receive and the content the consent is for. */
export interface HookToRun {
  capability: string;
  version: string;
  hook: CapabilityHook;
  /** the exact launch-environment names the hook may set (seed 004's trust gate) */
  environment: string[];
  /** the package content the consent is bound to: any change asks again */
  contentSha: string;
}

/** The spawn hooks this run would start: the ones a person must allow first. */
export function hooksToRun(plan: SpawnPlan): HookToRun[] {
  return plan.spawn.flatMap((s) =>
    s.hook
      ? [
          {
            capability: s.unit.block.id,
            version: s.unit.block.version,
            hook: s.hook,
            environment: s.unit.block.environment,
            contentSha: s.unit.contentSha,
          },
        ]
      : [],
  );
}

/** The retire hook line of a recorded spawn, when it declared one. */
export function retireHook(record: SpawnRecord): CapabilityHook | undefined {
  return record.hooks.map(parseHookLine).find((h) => h?.event === "retire");
}

/** The retire hooks that retiring these recorded spawns would run, in the order they run (last spawned first). */
export function plannedRetires(spawns: SpawnRecord[]): SpawnReport[] {
  return [...spawns].reverse().flatMap((s): SpawnReport[] => {
    const retire = retireHook(s);
    return mayRetire(s) && retire
      ? [
          {
            capability: s.capability,
            event: "retire",
            command: retire.command,
            required: false,
            result: "planned",
          },
        ]
      : [];
  });
}
