import { canonicalJson } from "../../compose/value-hash.js";
import { sha256 } from "../../shared/hash.js";

/** Two readings of one item merged, or the first field on which they disagree. */
export type Merged<T> = { merged: T } | { conflict: string };

type SkillFile = { path: string; bytes: Buffer; executable: boolean };

/**
 * One item as two assistants' files give it: a field only one of them could write is taken from it, a
 * field both write must be equal. Load triggers narrow to those both files are consistent with; bodies
 * are equal up to the blank lines a build trims; supporting files join, path by path.
 */
export function mergeCompatible<T extends { position: unknown }>(a: T, b: T, resolve?: Resolver): Merged<T> {
  const merged: Record<string, unknown> = { ...a };
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  for (const key of Object.keys(right)) {
    if (key === "position" || key === "written") continue;
    let value = mergeField(key, left[key], right[key]);
    if (value === conflict && resolve) value = resolve(key, left[key], right[key]);
    if (value === conflict) return { conflict: key };
    if (value !== undefined) merged[key] = value;
  }
  return { merged: merged as T };
}

/** A second chance for a field both readings write differently: the value both are consistent with, or `conflict`. */
export type Resolver = (key: string, a: unknown, b: unknown) => unknown;

export const conflict = Symbol("conflict");

function mergeField(key: string, a: unknown, b: unknown): unknown {
  if (a === undefined) return b;
  if (b === undefined) return a;
  if (key === "triggers") return narrowed(a as string[], b as string[]);
  if (key === "natives") return [...(a as unknown[]), ...(b as unknown[])];
  if (key === "body") return (a as string).trim() === (b as string).trim() ? a : conflict;
  if (key === "files") return joinedFiles(a as SkillFile[], b as SkillFile[]);
  return canonicalJson(a) === canonicalJson(b) ? a : conflict;
}

function narrowed(a: string[], b: string[]): string[] | typeof conflict {
  const both = a.filter((t) => b.includes(t));
  return both.length > 0 ? both : conflict;
}

function joinedFiles(a: SkillFile[], b: SkillFile[]): SkillFile[] | typeof conflict {
  const byPath = new Map(a.map((file) => [file.path, file]));
  for (const file of b) {
    const other = byPath.get(file.path);
    if (!other) byPath.set(file.path, file);
    else if (sha256(other.bytes) !== sha256(file.bytes) || other.executable !== file.executable)
      return conflict;
  }
  return [...byPath.values()].sort((x, y) => (x.path < y.path ? -1 : x.path > y.path ? 1 : 0));
}
