import { builtinClientPacks } from "../clients/load-client-packs.js";
import { diskTree, sessionLoad } from "../session-load/index.js";
import { sha256 } from "../shared/hash.js";
import { journalPathIn, readJournal } from "./apply/journal.js";
import { currentBytes } from "./apply/run-result.js";
import { readManifest } from "./bundle/read-manifest.js";
import type { Finding } from "./model/drift.js";
import { type InstallRecord, manifestCopyPathIn, type RecordEntry, readRecord } from "./model/record.js";
import { isFolderCopy } from "./plan/plan-link-folder.js";
import { inCapabilityHome } from "./plan/plan-retire.js";
import { preserveMatcher } from "./plan/preserve-match.js";
import { besideSuffix } from "./plan/seed-decision.js";
import { isAsRecorded } from "./project/as-recorded.js";
import { findBlock } from "./project/marked-block.js";
import { missingProject, projectRoot } from "./project/project-root.js";
import { diskState, type ProjectState } from "./project/project-state.js";
import { readStatCache } from "./project/stat-cache.js";
import { composedDrift } from "./status-composed.js";
import { retiredSpawns, runtimeData, spawnNotes } from "./status-spawns.js";

export type StatusResult =
  /** nothing recorded; `drift` holds an interrupted run that left a journal (its files are on disk) */
  | { ok: true; installed: false; drift: Finding[] }
  | { ok: true; installed: true; record: InstallRecord; drift: Finding[]; notes: Finding[] }
  /** `usage`: the project folder is missing; otherwise its record cannot be read */
  | { ok: false; problem: string; usage: boolean };

/** Compares the project with its install record (and, when given, with a newer bundle). Reads only. */
export function projectStatus(projectDir: string, bundleDir?: string): StatusResult {
  const root = projectRoot(projectDir);
  if (!root) return { ok: false, problem: missingProject(projectDir), usage: true };
  const read = readRecord(root);
  if (!read.ok) return { ok: false, problem: read.problem, usage: false };
  if (!read.record) return { ok: true, installed: false, drift: interruptedRun(root) };
  const record = read.record;
  const state = diskState(root, readStatCache(root));
  const drift = [
    ...record.entries.flatMap((e) =>
      e.kind === "block" ? blockDrift(state, e, (path) => currentBytes(root, path)) : entryDrift(state, e),
    ),
    ...parkedNew(state, record),
    ...composedDrift(state, (path) => currentBytes(root, path), record.composed ?? []),
    ...foreignCopyFiles(state, record),
  ];
  const notes: Finding[] = record.entries
    .filter((e) => e.kind === "seed" && seedEdited(state, e))
    .map((e) => ({
      path: e.path,
      kind: "seed-edited" as const,
      detail: "seed edited by you (yours to change; not drift)",
    }));
  notes.push(...parkedOld(state, record), ...projectOwnFiles(root, state, record));
  notes.push(...spawnNotes(record), ...runtimeData(state, record));
  drift.push(...retiredSpawns(record));
  drift.push(...interruptedRun(root));
  const copyPath = manifestCopyPathIn(root);
  const copy = currentBytes(root, copyPath);
  if (!copy || sha256(copy) !== record.manifest_sha256)
    drift.push({
      path: copyPath,
      kind: "record",
      detail: "the manifest copy does not match the install record",
    });
  if (bundleDir !== undefined) drift.push(...bundleDrift(bundleDir, record));
  return { ok: true, installed: true, record, drift, notes };
}

/** A journal left by a run that was killed: its changes are on disk until the next install or uninstall. */
function interruptedRun(root: string): Finding[] {
  const journal = readJournal(root);
  if (!journal) return [];
  const steps = journal.steps.length;
  const what = journal.state === "committed" ? "finished, but not cleaned up" : "was interrupted";
  return [
    {
      path: journalPathIn(root),
      kind: "interrupted",
      detail: `an install or uninstall ${what} (${steps} step${steps === 1 ? "" : "s"} journaled); the next agentc install or uninstall ${journal.state === "committed" ? "clears its backups" : "rolls it back"}`,
    },
  ];
}

function entryDrift(state: ProjectState, e: RecordEntry): Finding[] {
  if (e.kind === "dir" || e.kind === "aside" || (e.kind === "seed" && state.get(e.path).type !== "absent"))
    return [];
  const onDisk = state.get(e.path);
  if (onDisk.type === "absent")
    return [{ path: e.path, kind: "missing", detail: `${e.kind} installed by agentc is missing` }];
  if (e.kind === "symlink")
    return onDisk.type === "symlink" && onDisk.target === e.target
      ? []
      : [{ path: e.path, kind: "modified", detail: `expected a link to ${e.target}` }];
  if (onDisk.type !== "file")
    return [{ path: e.path, kind: "modified", detail: `expected a file, found a ${onDisk.type}` }];
  if (onDisk.sha256 !== e.sha256)
    return [
      {
        path: e.path,
        kind: "modified",
        detail:
          e.kind === "file"
            ? "edited since agentc installed it (kept on upgrade; agentc writes a new version beside it as .agentc-new)"
            : "content differs from what agentc installed",
      },
    ];
  if (onDisk.executable !== (e.executable === true))
    return [{ path: e.path, kind: "modified", detail: "executable bit changed" }];
  return [];
}

/** agentc's block in a person's file: drift when it is gone or edited (the person's text around it never is). */
function blockDrift(
  state: ProjectState,
  e: RecordEntry,
  read: (path: string) => Buffer | undefined,
): Finding[] {
  if (state.get(e.path).type !== "file")
    return [{ path: e.path, kind: "missing", detail: "the file agentc composed its block into is gone" }];
  const text = read(e.path)?.toString("utf8") ?? "";
  return findBlock(text, e.sha256 ?? "")
    ? []
    : [{ path: e.path, kind: "modified", detail: "agentc's block in your file was edited or taken out" }];
}

/**
 * The new version of an owned file the person edited, parked beside it (`<file>.agentc-new`): drift, since
 * someone has to choose (take it, or delete it to keep theirs). A seed's new version is a note (seeds are theirs).
 */
function parkedNew(state: ProjectState, record: InstallRecord): Finding[] {
  const owned = new Set(record.entries.filter((e) => e.kind === "file").map((e) => e.path));
  return record.entries
    .filter((e) => e.kind === "beside" && owned.has(e.path.slice(0, -besideSuffix.length)))
    .filter((e) => state.get(e.path).type !== "absent")
    .map((e) => ({
      path: e.path,
      kind: "parked" as const,
      detail: `the new version of ${e.path.slice(0, -besideSuffix.length)}, which you edited; take it (agentc install --take-new) or delete it to keep yours`,
    }));
}

/** A person's file agentc moved aside (`.agentc-old`): theirs, listed so it is not forgotten; not drift. */
function parkedOld(state: ProjectState, record: InstallRecord): Finding[] {
  return record.entries
    .filter((e) => e.kind === "aside" && state.get(e.path).type !== "absent")
    .map((e) => ({
      path: e.path,
      kind: "parked" as const,
      detail:
        "your earlier version, moved aside by agentc (yours; uninstall puts it back when its name is free)",
    }));
}

function seedEdited(state: ProjectState, e: RecordEntry): boolean {
  const onDisk = state.get(e.path);
  return onDisk.type !== "absent" && !isAsRecorded(onDisk, e);
}

const knownPaths = (record: InstallRecord): Set<string> =>
  new Set([...record.entries, ...(record.composed ?? [])].map((e) => e.path));

/** Files added to a folder agentc copied where a link was refused: drift (the copy is agentc's). */
function foreignCopyFiles(state: ProjectState, record: InstallRecord): Finding[] {
  const known = knownPaths(record);
  return record.entries.filter(isFolderCopy).flatMap((dir) =>
    state
      .listFiles(dir.path)
      .filter((p) => !known.has(p))
      .map((path) => ({
        path,
        kind: "foreign" as const,
        detail: `not installed by agentc, in ${dir.path} (agentc's copy of ${dir.target}, made where links were refused)`,
      })),
  );
}

/**
 * A person's files beside agentc's, at names agentc does not ship: the project's own (case 7), not drift.
 * Those in an owned folder, and the rules, skills, agents and commands the installed clients read from the
 * folders agentc writes into, found with the packs' read models.
 */
function projectOwnFiles(root: string, state: ProjectState, record: InstallRecord): Finding[] {
  const inOwned = ownedDirFiles(state, record);
  const listed = new Set(inOwned.map((f) => f.path));
  return [...inOwned, ...readItems(root, record).filter((f) => !listed.has(f.path))].sort((a, b) =>
    a.path < b.path ? -1 : a.path > b.path ? 1 : 0,
  );
}

/** The rule, skill, agent and command files of the installed clients that agentc did not install. */
function readItems(root: string, record: InstallRecord): Finding[] {
  const known = knownPaths(record);
  const chosen = new Set(record.components);
  const tree = diskTree(root);
  const found = new Map<string, Finding>();
  for (const { pack } of builtinClientPacks()) {
    if (!chosen.has(pack.client)) continue;
    for (const item of sessionLoad(pack, tree).items)
      if (!known.has(item.path) && !found.has(item.path))
        found.set(item.path, {
          path: item.path,
          kind: "own",
          detail: `the project's own ${item.kind} ${item.name}, read by ${pack.name} beside agentc's (not drift)`,
        });
  }
  return [...found.values()];
}

function ownedDirFiles(state: ProjectState, record: InstallRecord): Finding[] {
  const known = knownPaths(record);
  const homes = (record.spawned ?? []).map((s) => ({ path: s.home }));
  return record.owned_dirs.flatMap((dir) => {
    const preserved = preserveMatcher(dir.preserve);
    return state
      .listFiles(dir.path)
      .filter((p) => !known.has(p) && !inCapabilityHome(homes, p))
      .map((path) => ({
        path,
        kind: "own" as const,
        detail: preserved(path.slice(dir.path.length + 1))
          ? `the project's own (kept by the preserve patterns of ${dir.path}; not drift)`
          : `the project's own, beside agentc's files in ${dir.path} (left as it is; not drift)`,
      }));
  });
}

function bundleDrift(bundleDir: string, record: InstallRecord): Finding[] {
  const read = readManifest(bundleDir);
  if (!read.ok)
    return [{ path: bundleDir, kind: "bundle-changed", detail: read.problems[0] ?? "unreadable bundle" }];
  if (read.sha256 === record.manifest_sha256) return [];
  return [
    {
      path: bundleDir,
      kind: "bundle-changed",
      detail: `the bundle (${read.manifest.registry_version}) differs from the installed one (${record.registry_version}); run agentc install`,
    },
  ];
}
