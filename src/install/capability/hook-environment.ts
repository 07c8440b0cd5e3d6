import { resolve } from "node:path";
import type { HookRun } from "./hook-model.js";

/** Each value a hook gets, under its agentc name and its OATS name (so OATS hooks run unchanged). */
const names = {
  event: ["AGENTC_EVENT", "OATS_EVENT"],
  capability: ["AGENTC_CAPABILITY", "OATS_CAPABILITY"],
  layer: ["AGENTC_LAYER", "OATS_LAYER"],
  home: ["AGENTC_HOME", "OATS_HOME"],
  project: ["AGENTC_PROJECT", "OATS_ROOT"],
  meta: ["AGENTC_META", "OATS_META"],
  agent: ["AGENTC_AGENT", "OATS_AGENT"],
  soul: ["AGENTC_SOUL", "OATS_SOUL"],
} as const;

/** What a hook or a package command is told: `command` is the event of a command a person runs. */
export interface EnvironmentValues {
  event: HookRun["event"] | "command";
  capability: { id: string; layer: string };
  meta?: unknown;
  soul?: HookRun["soul"];
}

/**
 * The parent's environment, then `launch` (the environment a spawn hook returned), then the hook's values
 * (they win over a launch name of the same spelling); `home`, `root` and the soul's folder absolute. The meta,
 * agent and soul names are removed when there is none, so a hook never sees one inherited from an outer run.
 */
export function hookEnvironment(
  run: EnvironmentValues,
  home: string,
  root: string,
  launch: Record<string, string> = {},
): NodeJS.ProcessEnv {
  const values: Record<keyof typeof names, string | undefined> = {
    event: run.event,
    capability: run.capability.id,
    layer: run.capability.layer,
    home,
    project: root,
    meta: run.event === "retire" && run.meta !== undefined ? JSON.stringify(run.meta) : undefined,
    agent: run.soul?.name,
    soul: run.soul ? resolve(root, run.soul.dir) : undefined,
  };
  const env = { ...process.env, ...launch };
  for (const [key, value] of Object.entries(values)) {
    for (const name of names[key as keyof typeof names]) {
      if (value === undefined) delete env[name];
      else env[name] = value;
    }
  }
  return env;
}
