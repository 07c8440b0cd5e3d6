import type { Diagnostic, Position } from "../diagnostics/diagnostic.js";
import type { RegistryReader } from "../documents/registry-reader.js";
import { maxAssetBytes } from "../documents/text-file.js";
import { sha256 } from "../shared/hash.js";
import { parseJson } from "../shared/nesting-limit.js";
import { loadConfigFile } from "./config-file.js";

/** The index of the copies: native.json at the registry's root, the copies below native/. */
export const nativeIndex = "native.json";
export const nativeFolder = "native";

/** One file of a native copy: its project path, bytes and executable bit. */
export interface NativeCopyFile {
  path: string;
  bytes: Buffer;
  executable: boolean;
}

/**
 * A project file (or skill folder) a registry was imported from, kept as it was (docs/import.md, "The round
 * trip is the identity"): while the registry files it became (`from`) are unchanged, the build writes it at
 * its own path in place of its rendering for `component`.
 */
export interface NativeCopy {
  path: string;
  component: string;
  from: string[];
  folder: boolean;
  files: NativeCopyFile[];
  /** The `from` files still hash to what import wrote. */
  current: boolean;
  /** The component's own file that is the project's link to `path` (native.json `through`). */
  through?: string;
  /** The entry in native.json. */
  position: Position;
  /** Why the copy cannot be used (a missing file, an empty folder); it is then reported and left out. */
  problem?: string;
}

interface IndexEntry {
  path: string;
  component: string;
  from: string[];
  from_sha256: string;
  folder?: boolean;
  through?: string;
}

/** A registry file or folder as the hash of `from` sees it: each file's path and the sha256 of its bytes. */
export interface HashedFile {
  path: string;
  bytes: Buffer;
}

/**
 * sha256 over the files below or at each of `from`, one "<path> <sha256>" line each, in code-point order.
 * targets.json counts without the keys that never change what a build composes into a settings file (the
 * copies that name it are settings files), unless `whole` (how registries imported before that hashed it).
 */
export function fromSha256(
  from: readonly string[],
  files: readonly HashedFile[],
  { whole = false }: { whole?: boolean } = {},
): string {
  const under = (path: string) => from.some((f) => path === f || path.startsWith(`${f}/`));
  const bytesOf = (file: HashedFile) => (whole ? file.bytes : settingsPart(file));
  const lines = files
    .filter((file) => under(file.path))
    .map((file) => `${file.path} ${sha256(bytesOf(file))}`)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return sha256(lines.join("\n"));
}

/**
 * targets.json keys that no settings file's values come from: editing one (a budget, one more adapter, the
 * version) keeps a settings copy current, where its own form would add the same values a second time.
 */
const keysBesideSettings = [
  "$schema",
  "registry_version",
  "builtin_adapters",
  "accepted_losses",
  "strict_losses",
  "budgets",
  "roster_budget",
  "plugin",
  "bundle_url",
];

/** A file's bytes as fromSha256 hashes them: targets.json without keysBesideSettings, as compact JSON. */
function settingsPart(file: HashedFile): Buffer {
  if (file.path !== "targets.json") return file.bytes;
  let value: unknown;
  try {
    value = parseJson(file.bytes.toString("utf8"));
  } catch {
    return file.bytes;
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return file.bytes;
  const kept = Object.entries(value).filter(([key]) => !keysBesideSettings.includes(key));
  return Buffer.from(JSON.stringify(Object.fromEntries(kept)));
}

/** native.json and the copies it names; none when the registry has no native.json. */
export function loadNativeCopies(reader: RegistryReader, diagnostics: Diagnostic[]): NativeCopy[] {
  if (reader.resolve(nativeIndex).kind === "missing") return [];
  const document = loadConfigFile(reader, nativeIndex, "native", diagnostics);
  if (!document) return [];
  const entries = (document.value as { files: IndexEntry[] }).files;
  return entries.map((entry, index) => {
    const position = document.positionOf(["files", index, "path"]);
    const copy = readCopy(reader, entry);
    const from = registryFiles(reader, entry.from);
    const current =
      copy.files.length > 0 &&
      (fromSha256(entry.from, from) === entry.from_sha256 ||
        fromSha256(entry.from, from, { whole: true }) === entry.from_sha256);
    return {
      path: entry.path,
      component: entry.component,
      from: entry.from,
      folder: entry.folder === true,
      ...(entry.through ? { through: entry.through } : {}),
      files: copy.files,
      current,
      position,
      ...(copy.problem ? { problem: copy.problem } : {}),
    };
  });
}

function readCopy(reader: RegistryReader, entry: IndexEntry): { files: NativeCopyFile[]; problem?: string } {
  const base = `${nativeFolder}/${entry.path}`;
  const paths = entry.folder ? reader.filesBelow(base, { hidden: true }) : [base];
  const files: NativeCopyFile[] = [];
  for (const path of paths) {
    const read = reader.readBytes(path, maxAssetBytes);
    if (!read.ok) return { files: [], problem: `${path} ${read.reason}` };
    files.push({
      path: path.slice(nativeFolder.length + 1),
      bytes: read.bytes,
      executable: reader.isExecutable(path),
    });
  }
  if (files.length === 0) return { files, problem: `${base} holds no file` };
  return { files };
}

/** The registry files at or below each of `paths`, as they are now. */
function registryFiles(reader: RegistryReader, paths: readonly string[]): HashedFile[] {
  return paths.flatMap((path) => {
    const kind = reader.resolve(path).kind;
    const files = kind === "folder" ? reader.filesBelow(path, { hidden: true }) : [path];
    return files.flatMap((file) => {
      const read = reader.readBytes(file, maxAssetBytes);
      return read.ok ? [{ path: file, bytes: read.bytes }] : [];
    });
  });
}
