import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { KeyPath, OwnedRecord } from "../../compose/model.js";
import { parseJson } from "../../shared/nesting-limit.js";
import { agentcDir, agentcDirStateProblem, agentcPath } from "./agentc-dir.js";
import { recordProblem } from "./record-check.js";
import { type SignerRecord, serialSigner } from "./signer-record.js";
import { type SourceRecord, serialSource } from "./source-record.js";
import { type SpawnRecord, serialSpawn } from "./spawn-record.js";

/**
 * `.agentc/installed.json`: what agentc installed, the lock file for reinstall, upgrade, uninstall and
 * status. Every path with the hash agentc shipped (not the hash on disk: dpkg's rule) and its kind.
 */
export type EntryKind =
  | "file" // owned file, replaced on every install
  | "seed" // written when missing, then the project's; sha256 = the version shipped last
  | "keep" // payload file kept once its folder exists
  | "symlink" // relative link; target = the link text
  | "copy" // symlink fallback: a copy of the target
  | "import" // symlink fallback: a file that imports the target
  | "beside" // <seed>.agentc-new written beside a user-modified seed
  | "aside" // a user's file agentc moved aside (the user's, never removed)
  | "block" // agentc's marked block inside a person's file; sha256 = the bytes agentc inserted
  | "dir"; // a folder agentc created (removed only when empty)

export interface RecordEntry {
  path: string;
  kind: EntryKind;
  component: string;
  sha256?: string;
  target?: string;
  executable?: boolean;
  /**
   * The person's file was already there with exactly the bytes agentc ships: agentc keeps it up to date,
   * and uninstall leaves it (it was never agentc's to delete).
   */
  adopted?: boolean;
  /**
   * The person's own file (or link) agentc took over at this path: an adopted one whose version in the bundle
   * changed while it was still as adopted. It is kept at `originalPath(path)` (original-store.ts) and given
   * back, byte for byte and mode (a link with its text), when agentc no longer installs the path.
   */
  original?: OriginalFile | OriginalLink;
}

/** A person's file agentc took over: the hash of its bytes and its mode. */
export interface OriginalFile {
  sha256: string;
  executable: boolean;
}

/** A person's link agentc took over: what it said. */
export interface OriginalLink {
  target: string;
}

/** A shared file agentc composes values into (docs/installer.md, "Shared files"). */
export interface ComposedRecord {
  path: string;
  format: "json" | "toml";
  components: string[];
  /** agentc created the file: it is deleted once nothing but the empty parents agentc added is left */
  created: boolean;
  /** what the last compose returned: the values agentc owns in the file, each with its hash */
  owned: OwnedRecord[];
  /** JSON: the objects and arrays agentc created around its values, removed again once empty */
  containers?: KeyPath[];
  /**
   * The person's values that were already equal to what agentc composes (after `agentc import`): theirs, left
   * by uninstall, and taken over (an `owned` value with their text as `original`) when the bundle changes them.
   */
  adopted?: OwnedRecord[];
}

/** What a person decided about a capability's runtime package (seed 004), so that a no is not asked again. */
export interface RequirementDecision {
  capability: string;
  runtime: string;
  package: string;
  decision: "accepted" | "declined";
}

export interface InstallRecord {
  version: 1;
  registry_version: string;
  manifest_sha256: string;
  /** where the install came from, when that was a remote source (absent otherwise, and in older records) */
  source?: SourceRecord;
  /** the key that signed the installed bundle: later bundles must be signed by it (absent: unsigned) */
  signer?: SignerRecord;
  components: string[];
  owned_dirs: { path: string; component: string; preserve: string[] }[];
  entries: RecordEntry[];
  /** absent in records written before shared files were composed, and when there are none */
  composed?: ComposedRecord[];
  /** the installed capability packages, in spawn order (absent when there are none) */
  spawned?: SpawnRecord[];
  /** what the person decided about the capabilities' runtime packages (absent when nothing was asked) */
  requirements?: RequirementDecision[];
}

export { agentcDir };
export const recordPath = `${agentcDir}/installed.json`;
export const manifestCopyPath = `${agentcDir}/manifest.json`;
/** The install record of the install at `root` (in a project: `recordPath`). */
export const recordPathIn = (root: string): string => agentcPath(root, "installed.json");
/** The copy of the installed manifest at `root` (in a project: `manifestCopyPath`). */
export const manifestCopyPathIn = (root: string): string => agentcPath(root, "manifest.json");

export type RecordRead = { ok: true; record: InstallRecord | undefined } | { ok: false; problem: string };

export function readRecord(root: string): RecordRead {
  const folder = agentcDirStateProblem(root);
  if (folder) return { ok: false, problem: folder };
  const recordPath = recordPathIn(root);
  let text: string;
  try {
    text = readFileSync(join(root, recordPath), "utf8");
  } catch {
    return { ok: true, record: undefined };
  }
  let value: unknown;
  try {
    value = parseJson(text);
  } catch (error) {
    return { ok: false, problem: `${recordPath}: not valid JSON (${(error as Error).message})${editedHint}` };
  }
  const problem = recordProblem(value);
  if (problem) return { ok: false, problem: `${recordPath}: ${problem}${editedHint}` };
  return { ok: true, record: value as InstallRecord };
}

const editedHint =
  "; the record was edited by hand or damaged — restore it, or remove the project's .agentc folder and install again";

const byPath = (a: { path: string }, b: { path: string }): number =>
  a.path < b.path ? -1 : a.path > b.path ? 1 : 0;

/** An original in its fixed key order. */
function serialOriginal(original: OriginalFile | OriginalLink): OriginalFile | OriginalLink {
  return "target" in original
    ? { target: original.target }
    : { sha256: original.sha256, executable: original.executable };
}

/** Deterministic text: entries sorted by path, fixed key order, no timestamps. */
export function serializeRecord(record: InstallRecord): string {
  const entries = [...record.entries].sort(byPath).map((e) => ({
    path: e.path,
    kind: e.kind,
    component: e.component,
    ...(e.sha256 !== undefined ? { sha256: e.sha256 } : {}),
    ...(e.target !== undefined ? { target: e.target } : {}),
    ...(e.executable ? { executable: true } : {}),
    ...(e.adopted ? { adopted: true } : {}),
    ...(e.original ? { original: serialOriginal(e.original) } : {}),
  }));
  const ordered: InstallRecord = {
    version: 1,
    registry_version: record.registry_version,
    manifest_sha256: record.manifest_sha256,
    ...(record.source ? { source: serialSource(record.source) } : {}),
    ...(record.signer ? { signer: serialSigner(record.signer) } : {}),
    components: [...record.components].sort(),
    owned_dirs: [...record.owned_dirs].sort(byPath),
    entries,
    ...(record.composed?.length ? { composed: serialComposed(record.composed) } : {}),
    ...(record.spawned?.length ? { spawned: record.spawned.map(serialSpawn) } : {}),
    ...(record.requirements?.length ? { requirements: record.requirements.map(serialDecision) } : {}),
  };
  return `${JSON.stringify(ordered, null, 2)}\n`;
}

/** One `composed` element as `serializeRecord` lays it out inside the record (indented four spaces, no comma). */
export function composedRecordText(composed: ComposedRecord): string {
  const [serial] = serialComposed([composed]);
  return JSON.stringify(serial, null, 2)
    .split("\n")
    .map((line) => `    ${line}`)
    .join("\n");
}

const ownedKey = (r: OwnedRecord): string => JSON.stringify([r.path, r.element === true, r.hash]);

/** Fixed key order; owned values sorted, so equal ownership gives equal bytes. */
function serialComposed(composed: ComposedRecord[]): ComposedRecord[] {
  return [...composed].sort(byPath).map((c) => ({
    path: c.path,
    format: c.format,
    components: [...c.components].sort(),
    created: c.created,
    owned: [...c.owned].sort(byOwnedKey).map(serialOwned),
    ...(c.containers?.length ? { containers: sortedPaths(c.containers) } : {}),
    ...(c.adopted?.length ? { adopted: [...c.adopted].sort(byOwnedKey).map(serialOwned) } : {}),
  }));
}

function byOwnedKey(a: OwnedRecord, b: OwnedRecord): number {
  return ownedKey(a) < ownedKey(b) ? -1 : ownedKey(a) > ownedKey(b) ? 1 : 0;
}

function serialOwned(r: OwnedRecord): OwnedRecord {
  return {
    path: r.path,
    ...(r.element ? { element: true } : {}),
    hash: r.hash,
    ...(r.original !== undefined ? { original: r.original } : {}),
    ...(r.imported ? { imported: true } : {}),
  };
}

function sortedPaths(paths: KeyPath[]): KeyPath[] {
  const key = (path: KeyPath): string => JSON.stringify(path);
  return [...paths].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

function serialDecision(d: RequirementDecision): RequirementDecision {
  return { capability: d.capability, runtime: d.runtime, package: d.package, decision: d.decision };
}
