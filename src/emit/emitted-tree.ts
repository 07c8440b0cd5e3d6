import type { OwnedEntry } from "../compose/model.js";
import type { CapabilityRow } from "../packs/shared/capability.js";
import type { ClientFileOrigin } from "../packs/shared/items/emit-context.js";
import type { Rule } from "../registry/model.js";

export type { ClientFileOrigin };

export type FileRole = "always-on" | "scoped" | "asset" | "seed";

export interface EmittedFile {
  /** Install path in the target project, '/'-separated. */
  path: string;
  bytes: Buffer;
  /** Component (adapter id) the file belongs to. */
  component: string;
  role: FileRole;
  /** Rules whose text the file carries. */
  rules: Rule[];
  executable: boolean;
  /** Registry-relative source path of a seed or asset. */
  source?: string;
  /** For files of a client pack: which core item the file expresses (checks and CAPABILITIES.md read it). */
  client?: ClientFileOrigin;
  /** For a copy one component owns of another's file (same path, same bytes): the component it was written for. */
  copyOf?: string;
  /** A native copy (registry path below native/): the project's own file as import read it, written as it is. */
  native?: string;
}

/**
 * Values a component owns inside a file it shares with the person (settings, MCP lists): the
 * installer composes them key by key into the project's file (src/compose/), never replacing it.
 */
export interface ComposedFile {
  /** Install path in the target project, '/'-separated. */
  path: string;
  component: string;
  format: "json" | "toml";
  entries: OwnedEntry[];
  /**
   * The project's own values at the same keys as import read them (a settings copy; while its core files are
   * unchanged, the entries themselves): an install that adopts such a value records it as imported, and a
   * first install with --take-imported takes over those still in the person's file after an edit, as an
   * install made before the edit would have adopted them (docs/compose.md).
   */
  imported?: OwnedEntry[];
}

/** Everything emitted, possibly with one path from several components (checked later). */
export interface EmittedTree {
  files: EmittedFile[];
  composed: ComposedFile[];
  /** The capability matrix: every core promise × every client pack (CAPABILITIES.md). */
  capabilities: CapabilityRow[];
  /** The SBOM of the build (sbom.cdx.json): an artifact of the bundle that no component installs. */
  sbom?: { path: string; bytes: Buffer };
}

/**
 * One file per path (the first emitted; collisions are checked by AGC028), in code-point order of paths.
 * The manifest and the writer both ask for the same tree's files: the answer is kept with a copy of the
 * list it came from, so a list changed since (files added, removed or replaced) is sorted again.
 */
export function uniqueFiles(files: EmittedFile[]): EmittedFile[] {
  const cached = uniqueCache.get(files);
  if (cached && sameItems(cached, files)) return [...cached.unique];
  const byPath = new Map<string, EmittedFile>();
  for (const f of files) if (!byPath.has(f.path)) byPath.set(f.path, f);
  const unique = [...byPath.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  uniqueCache.set(files, { from: [...files], paths: files.map((f) => f.path), unique });
  return [...unique];
}

interface UniqueFiles {
  /** The list and its paths when the answer was made. */
  from: EmittedFile[];
  paths: string[];
  unique: EmittedFile[];
}

const uniqueCache = new WeakMap<EmittedFile[], UniqueFiles>();

function sameItems(cached: UniqueFiles, files: readonly EmittedFile[]): boolean {
  if (cached.from.length !== files.length) return false;
  for (let i = 0; i < files.length; i++) {
    const file = files[i];
    if (file !== cached.from[i] || file?.path !== cached.paths[i]) return false;
  }
  return true;
}
