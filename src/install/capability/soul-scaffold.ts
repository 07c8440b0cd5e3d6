import { lstatSync } from "node:fs";
import { join } from "node:path";
import { type CapabilityHook, instancesFolder } from "../../capabilities/model.js";
import type { Manifest } from "../../manifest/manifest-model.js";
import { interruptPending } from "../model/interruption.js";
import type { CapabilityUnit } from "./capability-unit.js";
import { runHook } from "./run-hook.js";
import type { HookToRun } from "./spawn-plan.js";
import type { SpawnReport } from "./spawn-report.js";

/** An agent instance this install creates, whose capability has a soul-scaffold hook. */
export interface ScaffoldStep {
  unit: CapabilityUnit;
  hook: CapabilityHook;
  /** the soul: its name and its project folder (.agents/local-agents/<name>) */
  soul: { name: string; dir: string };
}

/**
 * Seed 004: soul-scaffold runs when a soul comes into being, outside a spawn transaction, and may not be
 * required. In a project, a capability's souls come into being when the install creates their instance
 * folders (`.agents/local-agents/<agent>`): so each instance of a chosen capability with the hook that is not
 * in the project yet is scaffolded once, after the install has committed.
 */
export function plannedScaffolds(manifest: Manifest, units: CapabilityUnit[], root: string): ScaffoldStep[] {
  return units.flatMap((unit) => {
    const hook = unit.hooks.find((h) => h.event === "soul-scaffold");
    if (!hook) return [];
    const dirs = manifest.install.components[unit.component]?.owned_dirs ?? [];
    return dirs
      .filter(
        (dir) =>
          dir.startsWith(`${instancesFolder}/`) && !dir.slice(instancesFolder.length + 1).includes("/"),
      )
      .filter((dir) => lstatSync(join(root, dir), { throwIfNoEntry: false }) === undefined)
      .map((dir) => ({ unit, hook, soul: { name: dir.slice(instancesFolder.length + 1), dir } }));
  });
}

/** The soul-scaffold hooks a person allows with the spawn hooks: they may set no environment. */
export function scaffoldsToRun(steps: ScaffoldStep[]): HookToRun[] {
  const seen = new Set<string>();
  return steps.flatMap((s) => {
    if (seen.has(s.unit.component)) return [];
    seen.add(s.unit.component);
    const block = s.unit.block;
    return [
      {
        capability: block.id,
        version: block.version,
        hook: s.hook,
        environment: [],
        contentSha: s.unit.contentSha,
      },
    ];
  });
}

/**
 * Runs each scaffold once, after the install committed: with the home as working folder and the soul's name
 * and absolute folder as AGENTC_AGENT / OATS_AGENT and AGENTC_SOUL / OATS_SOUL. Best effort: a failure is
 * reported, never fatal (the files are in and the spawns stand). Not run without the person's consent.
 */
export async function runScaffolds(
  steps: ScaffoldStep[],
  run: { root: string; allowed: boolean; timeoutMs: number },
): Promise<SpawnReport[]> {
  const reports: SpawnReport[] = [];
  for (const step of steps) {
    const report = scaffoldReport(step, run.allowed ? "ran" : "skipped");
    reports.push(report);
    if (!run.allowed) continue;
    const block = step.unit.block;
    const outcome = await runHook({
      root: run.root,
      home: block.home,
      capability: { id: block.id, layer: block.layer, environment: block.environment },
      event: "soul-scaffold",
      command: step.hook.command,
      soul: step.soul,
      timeoutMs: run.timeoutMs,
      shouldStop: interruptPending,
    });
    if (!outcome.ok) {
      report.result = "failed";
      report.problem = outcome.problem;
    } else if (outcome.warning) report.warning = outcome.warning;
  }
  return reports;
}

/** What a run or a dry run says of one scaffold. */
export function scaffoldReport(step: ScaffoldStep, result: SpawnReport["result"]): SpawnReport {
  return {
    capability: step.unit.block.id,
    event: "soul-scaffold",
    command: step.hook.command,
    required: false,
    soul: step.soul.name,
    result,
  };
}
