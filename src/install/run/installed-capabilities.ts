import { baseName } from "../../shared/posix-path.js";
import { changedFile } from "../capability/changed-file.js";
import { type InstallRecord, readRecord } from "../model/record.js";
import type { SpawnRecord } from "../model/spawn-record.js";
import { missingProject, projectRoot } from "../project/project-root.js";
import { type PackageCommands, packageCommands } from "./package-commands.js";

/** A capability package installed in the project, as `agentc run` finds it. */
export interface InstalledCapability {
  spawn: SpawnRecord;
  /** the last segment of its home: the package's `command` */
  slug: string;
}

/** What is in its home now: read only for the capability that runs, or for the listing. */
export interface CapabilityState {
  commands: PackageCommands;
  /** the first installed file of its home whose bytes changed since the install: nothing of it runs */
  changed?: string;
}

/** The project as `agentc run` reads it. */
export interface Installed {
  ok: true;
  /** the project's real path */
  root: string;
  /** undefined when nothing is installed */
  record: InstallRecord | undefined;
  /** in spawn order */
  capabilities: InstalledCapability[];
}

export type InstalledRead = Installed | { ok: false; problem: string };

/** The project's installed capability packages, in spawn order. Reads only. */
export function readInstalled(projectDir: string): InstalledRead {
  const root = projectRoot(projectDir);
  if (!root) return { ok: false, problem: missingProject(projectDir) };
  const read = readRecord(root);
  if (!read.ok) return read;
  const record = read.record;
  if (!record) return { ok: true, root, record, capabilities: [] };
  const capabilities = (record.spawned ?? []).map((spawn) => ({
    spawn,
    slug: baseName(spawn.home),
  }));
  return { ok: true, root, record, capabilities };
}

/** The capability a person named: by its slug, else by its capability id. */
export function findCapability(
  capabilities: InstalledCapability[],
  name: string,
): InstalledCapability | undefined {
  return capabilities.find((c) => c.slug === name) ?? capabilities.find((c) => c.spawn.capability === name);
}

/** Hashes the installed files of its home and reads its manifest's commands. */
export function capabilityState(
  { root, record }: Installed,
  { spawn }: InstalledCapability,
): CapabilityState {
  const changed = record ? changedFile(root, record, spawn) : undefined;
  return { commands: packageCommands(root, spawn.home), ...(changed !== undefined ? { changed } : {}) };
}
