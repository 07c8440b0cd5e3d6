import { lstatSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { SpawnReport } from "../capability/spawn-report.js";
import type { Plan } from "../model/plan-model.js";
import type { Recovery } from "./recover.js";

export type RunStatus =
  | "ok"
  | "conflicts"
  | "bad-bundle"
  | "usage"
  | "locked"
  | "interrupted"
  | "hook-failed"
  /** the install record is damaged or was edited by hand, or .agentc is not a folder: nothing was written */
  | "bad-record"
  /** the bundle's registry_version is older than the one installed, and --allow-downgrade was not given */
  | "downgrade"
  /** the disk (or a quota) ran full: every change was rolled back */
  | "no-space"
  | "failed";

/** What an install or uninstall run ended with; the CLI maps `status` to an exit code. */
export interface RunResult {
  status: RunStatus;
  problems: string[];
  plan?: Plan;
  /** whether anything on disk changed (a recovery counts) */
  written: boolean;
  recovered?: Recovery;
  signal?: NodeJS.Signals;
  /** the capability hooks of the run: planned, run, or retired while rolling back */
  spawns?: SpawnReport[];
}

export function currentBytes(root: string, path: string): Buffer | undefined {
  try {
    return lstatSync(join(root, path)).isFile() ? readFileSync(join(root, path)) : undefined;
  } catch {
    return undefined;
  }
}
