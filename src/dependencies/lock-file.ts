import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Position } from "../diagnostics/diagnostic.js";
import { type JsonDocument, parseJsonDocument } from "../documents/json-document.js";
import { writeFileAtomic } from "../shared/atomic-write.js";
import type { DependencyDeclaration, DependencyProvides } from "./declaration.js";
import { providesOf } from "./declaration.js";
import type { DependencyKind } from "./model.js";

export const lockFileName = "agentc.lock";

/** One resolved dependency in agentc.lock: the declaration it was resolved from, and what it resolved to. */
export interface LockEntry {
  name: string;
  kind: DependencyKind;
  source: string;
  ref?: string;
  path?: string;
  provides: DependencyProvides;
  plugin?: string;
  npm_registry?: string;
  /** The commit, version or digest the ref named when it was locked. */
  resolved: string;
  /** `sha256:` of the content used (content-digest.ts). */
  digest: string;
  /** The SPDX licence the source declared (npm's package.json). */
  licence?: string;
  /** The dependencies whose sources.json declares this one (absent when only the registry does). */
  required_by?: string[];
}

export interface LockFile {
  lock_version: 1;
  /** The registry it was written for (the registry folder's name). */
  registry: string;
  dependencies: LockEntry[];
}

export type LockRead =
  | { ok: true; lock: LockFile | undefined; document?: JsonDocument }
  | { ok: false; position: Position; message: string };

/** Reads agentc.lock; a missing file is an empty lock, a damaged one a problem with its place. */
export function readLockFile(path: string): LockRead {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    if ((error as { code?: string }).code === "ENOENT") return { ok: true, lock: undefined };
    return { ok: false, position: { file: lockFileName, line: 1, column: 1 }, message: "cannot be read" };
  }
  const { document, errors } = parseJsonDocument(lockFileName, text);
  const first = errors[0];
  if (!document)
    return { ok: false, position: first?.position ?? start, message: first?.message ?? "is not JSON" };
  const problem = shapeProblem(document.value);
  if (problem) return { ok: false, position: document.positionOf(problem.path), message: problem.message };
  return { ok: true, lock: document.value as LockFile, document };
}

/** A 40-hex commit, a sha256 digest, or an npm version: nothing a command line could take for an option. */
const pinPattern = /^(?:[0-9a-f]{40}|sha256:[0-9a-f]{64}|\d+\.\d+\.\d+(?:[-+][0-9A-Za-z.+-]+)?)$/;
const start: Position = { file: lockFileName, line: 1, column: 1 };
const entryStrings = ["name", "kind", "source", "provides", "resolved", "digest"] as const;

function shapeProblem(value: unknown): { path: (string | number)[]; message: string } | undefined {
  const lock = value as Partial<LockFile> | null;
  if (typeof lock !== "object" || lock === null || lock.lock_version !== 1)
    return { path: [], message: 'is not an agentc.lock of version 1 ("lock_version": 1)' };
  if (typeof lock.registry !== "string") return { path: [], message: 'has no "registry" name' };
  if (!Array.isArray(lock.dependencies)) return { path: [], message: 'has no "dependencies" list' };
  for (const [index, entry] of lock.dependencies.entries()) {
    for (const key of entryStrings)
      if (typeof (entry as unknown as Record<string, unknown>)?.[key] !== "string")
        return { path: ["dependencies", index], message: `entry ${index + 1} has no "${key}" text` };
    if (!/^sha256:[0-9a-f]{64}$/.test(entry.digest))
      return {
        path: ["dependencies", index, "digest"],
        message: `entry "${entry.name}" has a malformed digest`,
      };
    const requiredBy = (entry as { required_by?: unknown }).required_by;
    if (
      requiredBy !== undefined &&
      !(Array.isArray(requiredBy) && requiredBy.every((n) => typeof n === "string"))
    )
      return {
        path: ["dependencies", index, "required_by"],
        message: `entry "${entry.name}" has a "required_by" that is not a list of names`,
      };
    if (!pinPattern.test(entry.resolved))
      return {
        path: ["dependencies", index, "resolved"],
        message: `entry "${entry.name}" pins "${entry.resolved}", which is not a commit, a version or a digest`,
      };
  }
  return undefined;
}

/** Deterministic text: entries by name, keys in one order, two-space JSON and a final newline. */
export function lockText(lock: LockFile): string {
  const dependencies = [...lock.dependencies]
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .map((e) => ({
      name: e.name,
      kind: e.kind,
      source: e.source,
      ...(e.ref !== undefined ? { ref: e.ref } : {}),
      ...(e.path !== undefined ? { path: e.path } : {}),
      provides: e.provides,
      ...(e.plugin !== undefined ? { plugin: e.plugin } : {}),
      ...(e.npm_registry !== undefined ? { npm_registry: e.npm_registry } : {}),
      resolved: e.resolved,
      digest: e.digest,
      ...(e.licence !== undefined ? { licence: e.licence } : {}),
      ...(e.required_by?.length ? { required_by: e.required_by } : {}),
    }));
  return `${JSON.stringify({ lock_version: 1, registry: lock.registry, dependencies }, null, 2)}\n`;
}

/** The entry's declaration fields equal the declaration's: the lock still speaks for it. */
export function entryMatches(entry: LockEntry, declaration: DependencyDeclaration): boolean {
  return (
    entry.name === declaration.name &&
    entry.kind === declaration.kind &&
    entry.source === declaration.source &&
    entry.ref === declaration.ref &&
    entry.path === declaration.path &&
    entry.provides === providesOf(declaration) &&
    entry.plugin === declaration.plugin &&
    entry.npm_registry === declaration.npm_registry
  );
}

/** The declaration an entry was resolved from (a transitive dependency's, as the lock names it). */
export function declarationOf(entry: LockEntry): DependencyDeclaration {
  const { resolved, digest, licence, required_by, ...declared } = entry;
  return declared;
}

export function entryFor(
  declaration: DependencyDeclaration,
  resolved: string,
  digest: string,
  licence: string | undefined,
): LockEntry {
  return {
    name: declaration.name,
    kind: declaration.kind,
    source: declaration.source,
    ...(declaration.ref !== undefined ? { ref: declaration.ref } : {}),
    ...(declaration.path !== undefined ? { path: declaration.path } : {}),
    provides: providesOf(declaration),
    ...(declaration.plugin !== undefined ? { plugin: declaration.plugin } : {}),
    ...(declaration.npm_registry !== undefined ? { npm_registry: declaration.npm_registry } : {}),
    resolved,
    digest,
    ...(licence !== undefined ? { licence } : {}),
  };
}

/** Writes agentc.lock beside sources.json in one step (never half a lock). */
export function writeLockFile(root: string, text: string): string {
  const path = join(root, lockFileName);
  writeFileAtomic(path, text);
  return path;
}

/** The lock text to write after resolving: only when it changed and every dependency resolved. */
export function lockToWrite(resolved: {
  lockChanged: boolean;
  lockText: string;
  diagnostics: readonly { severity: string }[];
}): string | undefined {
  return resolved.lockChanged && !resolved.diagnostics.some((d) => d.severity === "error")
    ? resolved.lockText
    : undefined;
}
