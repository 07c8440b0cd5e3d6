import { resolve } from "node:path";
import { commandWords } from "../../capabilities/command-words.js";
import { hookEnvironment } from "../capability/hook-environment.js";
import { hookProgram } from "../capability/hook-program.js";
import { recordPath } from "../model/record.js";
import type { SpawnRecord } from "../model/spawn-record.js";
import {
  capabilityState,
  findCapability,
  type Installed,
  type InstalledCapability,
} from "./installed-capabilities.js";

/** What `agentc run <capability> <name> [args...]` asks for. */
export interface CommandRequest {
  capability: string;
  name: string;
  args: string[];
}

export interface Refusal {
  ok: false;
  problem: string;
  hint: string;
}

/** The process to start for a package command, or why agentc refuses to start one. */
export type CommandLaunch =
  | {
      ok: true;
      argv: [string, ...string[]];
      env: NodeJS.ProcessEnv;
      /** "capability <id>: command <name> (<line>)", for messages */
      subject: string;
      /** the program as the command line names it, for messages */
      program: string;
      /** set when the package's launch environment is missing: its spawn hook did not succeed */
      warning?: string;
    }
  | Refusal;

type Chosen = { ok: true; capability: InstalledCapability; line: string } | Refusal;

/**
 * Decides what to run: the named command of an installed capability whose installed files are unchanged, its
 * program found, the extra args appended, with the hook environment and the spawn hook's launch environment.
 * Reads only; starts nothing.
 */
export function commandLaunch(installed: Installed, request: CommandRequest): CommandLaunch {
  const chosen = chooseCommand(installed, request);
  if (!chosen.ok) return chosen;
  const { spawn } = chosen.capability;
  const subject = `capability ${spawn.capability}: command ${request.name} (${chosen.line})`;
  const words = commandWords(chosen.line);
  if (!words.ok)
    return refuse(`${subject} cannot be run: the command line ${words.problem}`, "fix the package");
  const home = resolve(installed.root, spawn.home);
  const program = hookProgram([...words.words, ...request.args] as [string, ...string[]], home);
  if (!program.ok)
    return refuse(`${subject} ${program.problem}`, "install the bundle again, or fix the package");
  const values = { event: "command" as const, capability: { id: spawn.capability, layer: spawn.layer } };
  const warning = launchWarning(spawn);
  return {
    ok: true,
    argv: program.argv,
    env: hookEnvironment(values, home, installed.root, spawn.env),
    subject,
    program: program.name,
    ...(warning !== undefined ? { warning } : {}),
  };
}

/** The capability a person named, when something is installed and it is among it. */
export function chooseCapability(
  { root, record, capabilities }: Installed,
  name: string,
): { ok: true; capability: InstalledCapability } | Refusal {
  if (!record)
    return refuse(
      `nothing is installed in ${root} (no ${recordPath})`,
      "install a bundle first: agentc install",
    );
  if (capabilities.length === 0)
    return refuse(`no capability package is installed in ${root}`, "install a bundle that ships one first");
  const found = findCapability(capabilities, name);
  if (found) return { ok: true, capability: found };
  return refuse(
    `no capability "${name}" is installed in ${root}; installed: ${capabilities.map((c) => `${c.slug} (${c.spawn.capability})`).join(", ")}`,
    "name one by its folder under .agents/capabilities or by its capability id; 'agentc run' lists them with their commands",
  );
}

function chooseCommand(installed: Installed, request: CommandRequest): Chosen {
  const chosen = chooseCapability(installed, request.capability);
  if (!chosen.ok) return chosen;
  const found = chosen.capability;
  const { spawn } = found;
  const { changed, commands } = capabilityState(installed, found);
  if (changed !== undefined)
    return refuse(
      `capability ${spawn.capability}: ${changed} changed since it was installed; agentc runs a package's commands only as installed`,
      "install the bundle again to restore the package, or run the program yourself",
    );
  if (!commands.ok)
    return refuse(`capability ${spawn.capability}: ${commands.problem}`, "install the bundle again");
  const line = commands.commands.find(([name]) => name === request.name)?.[1];
  if (line !== undefined) return { ok: true, capability: found, line };
  const names = commands.commands.map(([name]) => name);
  return refuse(
    `capability ${spawn.capability} has no command "${request.name}"; ${names.length === 0 ? "it declares no commands" : `its commands: ${names.join(", ")}`}`,
    `'agentc run ${found.slug}' lists its commands with their command lines`,
  );
}

function launchWarning(spawn: SpawnRecord): string | undefined {
  const missing = `capability ${spawn.capability}: its launch environment is not set`;
  if (spawn.state === "skipped")
    return `${missing}: its spawn hook did not run (hooks were not allowed); 'agentc install <bundle> --allow-hooks' runs it`;
  if (spawn.state === "failed") return `${missing}: its spawn hook failed when it was installed`;
  if (spawn.state === "retired")
    return `${missing}: it was retired by an uninstall or install that did not finish; 'agentc install <bundle> --allow-hooks' spawns it again`;
  return undefined;
}

function refuse(problem: string, hint: string): Refusal {
  return { ok: false, problem, hint };
}
