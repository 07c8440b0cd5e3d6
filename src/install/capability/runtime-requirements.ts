import { spawnSync } from "node:child_process";
import { type RuntimePackage, runtimePackageLine } from "../../manifest/runtime-package-line.js";
import { parseJson } from "../../shared/nesting-limit.js";
import type { CapabilityUnit } from "./capability-unit.js";
import { filled, type RuntimeData, runtimeData } from "./runtime-data.js";

/** How long a runtime's CLI may take to list or install packages. */
const listTimeoutMs = 60_000;
const installTimeoutMs = 5 * 60_000;

/** One runtime package a chosen capability requires, as found on this machine. */
export interface RequirementCheck {
  capability: string;
  requirement: RuntimePackage;
  /**
   * present: in the runtime's list; missing: the CLI runs and lacks it; unchecked: no CLI (or no data) here;
   * not-raised: the install deploys no component of that runtime (seed 004: raised only for deployments using it)
   */
  state: "present" | "missing" | "unchecked" | "not-raised";
  /** why it is unchecked or not raised */
  detail?: string;
  /** the exact commands that install it, each an argument list starting with the CLI */
  commands: string[][];
}

/**
 * Every runtime package of the chosen capabilities, checked against its runtime's own package list, when
 * the chosen components deploy that runtime (its `deployed_by`); else it is not raised, and said so.
 */
export function checkRequirements(
  units: CapabilityUnit[],
  chosen: readonly string[],
  cwd: string,
): RequirementCheck[] {
  const lists = new Map<string, ListRead>();
  const checks: RequirementCheck[] = [];
  for (const unit of units)
    for (const line of unit.block.runtime_packages ?? []) {
      const requirement = runtimePackageLine(line);
      if (requirement) checks.push(checkOne(unit.block.id, requirement, { lists, chosen, cwd }));
    }
  return checks;
}

function checkOne(
  capability: string,
  requirement: RuntimePackage,
  run: { lists: Map<string, ListRead>; chosen: readonly string[]; cwd: string },
): RequirementCheck {
  const { lists, cwd } = run;
  const data = runtimeData(requirement.runtime);
  if (!data)
    return {
      capability,
      requirement,
      state: "unchecked",
      detail: `agentc knows no runtime "${requirement.runtime}"`,
      commands: [],
    };
  const commands = installCommands(data, requirement);
  if (!data.deployed_by.some((id) => run.chosen.includes(id)))
    return {
      capability,
      requirement,
      state: "not-raised",
      detail: `this install deploys no ${data.name} component (${data.deployed_by.join(", ")})`,
      commands,
    };
  const listed = lists.get(data.runtime) ?? listPackages(data, cwd);
  lists.set(data.runtime, listed);
  if ("problem" in listed)
    return { capability, requirement, state: "unchecked", detail: listed.problem, commands };
  const present = listed.ids.some((id) => matches(data, id, requirement.package));
  return { capability, requirement, state: present ? "present" : "missing", commands };
}

export function installCommands(data: RuntimeData, requirement: RuntimePackage): string[][] {
  const slots = { package: requirement.package, marketplace: requirement.marketplace };
  const register =
    requirement.marketplace !== "" && data.marketplace_add
      ? [[data.cli, ...filled(data.marketplace_add, slots)]]
      : [];
  return [...register, [data.cli, ...filled(data.install, slots)]];
}

type ListRead = { ids: string[] } | { problem: string };

function listPackages(data: RuntimeData, cwd: string): ListRead {
  const run = spawnSync(data.cli, data.list, {
    cwd,
    encoding: "utf8",
    timeout: listTimeoutMs,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const error = run.error as NodeJS.ErrnoException | undefined;
  if (error?.code === "ENOENT") return { problem: `${data.cli} (${data.name}) is not on PATH here` };
  if (error || run.status !== 0)
    return {
      problem: `${[data.cli, ...data.list].join(" ")} failed${run.status ? ` with exit code ${run.status}` : ""}`,
    };
  if (data.list_format === "lines") return { ids: run.stdout.split("\n").map((line) => line.trim()) };
  try {
    const items = parseJson(run.stdout) as unknown[];
    const field = data.list_id_field ?? "id";
    return { ids: items.map((item) => String((item as Record<string, unknown>)?.[field] ?? "")) };
  } catch {
    return { problem: `${[data.cli, ...data.list].join(" ")} printed no JSON list` };
  }
}

function matches(data: RuntimeData, id: string, wanted: string): boolean {
  return id === wanted || (data.id_qualifier !== undefined && id.startsWith(`${wanted}${data.id_qualifier}`));
}

/** Runs the install commands of an accepted requirement, one after the other; the first failure stops. */
export function installRequirement(commands: string[][], cwd: string): { ok: boolean; detail: string } {
  for (const [cli = "", ...args] of commands) {
    const run = spawnSync(cli, args, {
      cwd,
      encoding: "utf8",
      timeout: installTimeoutMs,
      stdio: ["ignore", "pipe", "pipe"],
    });
    if (run.error || run.status !== 0) {
      const output = `${run.stdout ?? ""}${run.stderr ?? ""}`.trim().slice(-2000);
      const why = run.error ? run.error.message : `exit code ${run.status}`;
      return { ok: false, detail: `${shown([cli, ...args])} failed (${why})${output ? `: ${output}` : ""}` };
    }
  }
  return { ok: true, detail: commands.map(shown).join(" && ") };
}

/** A command as a person would type it (single quotes where a word needs them). */
export function shown(command: readonly string[]): string {
  return command
    .map((word) => (/^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", "'\\''")}'`))
    .join(" ");
}
