import { readFileSync } from "node:fs";
import { join } from "node:path";
import { packageRoot } from "../../shared/package-paths.js";

/**
 * What agentc knows of a runtime that installs packages of its own (seed 004 names two), as
 * data in the package's runtimes/<runtime>.json: its CLI, how it lists and installs packages.
 */
export interface RuntimeData {
  runtime: string;
  name: string;
  /** The component ids whose install deploys this runtime: a package requirement is raised only then. */
  deployed_by: string[];
  cli: string;
  /** Arguments that list the installed packages. */
  list: string[];
  /** json: an array of objects whose `list_id_field` names the package; lines: one package per line. */
  list_format: "json" | "lines";
  list_id_field?: string;
  /** "<package><id_qualifier><source>" also matches a requirement written as "<package>". */
  id_qualifier?: string;
  /** Arguments that install one package; "{package}" is its spec. */
  install: string[];
  /** Arguments that register a marketplace first; "{marketplace}" is its source. Absent: the runtime has none. */
  marketplace_add?: string[];
}

export const runtimesDir = join(packageRoot, "runtimes");

const cache = new Map<string, RuntimeData | undefined>();

/** The runtime's data, or undefined when the package ships none for it. */
export function runtimeData(runtime: string): RuntimeData | undefined {
  if (!/^[a-z][a-z0-9-]*$/.test(runtime)) return undefined;
  if (!cache.has(runtime)) cache.set(runtime, read(runtime));
  return cache.get(runtime);
}

function read(runtime: string): RuntimeData | undefined {
  try {
    const value = JSON.parse(readFileSync(join(runtimesDir, `${runtime}.json`), "utf8")) as RuntimeData;
    return value.runtime === runtime ? value : undefined;
  } catch {
    return undefined;
  }
}

/** The argument list with its slots filled. */
export function filled(args: readonly string[], slots: Record<string, string>): string[] {
  return args.map((arg) => arg.replace(/\{(\w+)\}/g, (whole, name: string) => slots[name] ?? whole));
}
