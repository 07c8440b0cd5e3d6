import picomatch from "picomatch";
import { sha256 } from "../shared/hash.js";
import { readJournal } from "./apply/journal.js";
import { readManifest } from "./bundle/read-manifest.js";
import type { Finding } from "./model/drift.js";
import { type InstallRecord, manifestCopyPath, type RecordEntry, readRecord } from "./model/record.js";
import { currentBytes } from "./model/run-result.js";
import { isFolderCopy } from "./plan/plan-link-folder.js";
import { missingProject, projectRoot } from "./project/project-root.js";
import { diskState, type ProjectState } from "./project/project-state.js";
import { readStatCache } from "./project/stat-cache.js";
import { composedDrift } from "./status-composed.js";

export type StatusResult =
  | { ok: true; installed: false }
  | { ok: true; installed: true; record: InstallRecord; drift: Finding[]; notes: Finding[] }
  | { ok: false; problem: string };

/** Compares the project with its install record (and, when given, with a newer bundle). Reads only. */
export function projectStatus(projectDir: string, bundleDir?: string): StatusResult {
  const root = projectRoot(projectDir);
  if (!root) return { ok: false, problem: missingProject(projectDir) };
  const read = readRecord(root);
  if (!read.ok) return { ok: false, problem: read.problem };
  if (!read.record) return { ok: true, installed: false };
  const record = read.record;
  const state = diskState(root, readStatCache(root));
  const drift = [
    ...record.entries.flatMap((e) => entryDrift(state, e)),
    ...composedDrift(state, (path) => currentBytes(root, path), record.composed ?? []),
    ...foreignFiles(state, record),
  ];
  const notes: Finding[] = record.entries
    .filter((e) => e.kind === "seed" && seedEdited(state, e))
    .map((e) => ({
      path: e.path,
      kind: "seed-edited" as const,
      detail: "seed edited by you (yours to change; not drift)",
    }));
  notes.push(...spawnNotes(record));
  if (readJournal(root))
    drift.push({
      path: ".agentc/journal.json",
      kind: "interrupted",
      detail: "an install was interrupted; the next install or uninstall rolls it back",
    });
  const copy = currentBytes(root, manifestCopyPath);
  if (!copy || sha256(copy) !== record.manifest_sha256)
    drift.push({
      path: manifestCopyPath,
      kind: "record",
      detail: "the manifest copy does not match the install record",
    });
  if (bundleDir !== undefined) drift.push(...bundleDrift(bundleDir, record));
  return { ok: true, installed: true, record, drift, notes };
}

/** A capability whose spawn hook did not run or failed: not drift, but not configured either. */
function spawnNotes(record: InstallRecord): Finding[] {
  return (record.spawned ?? []).flatMap((s) =>
    s.state === "skipped" || s.state === "failed"
      ? [
          {
            path: s.home,
            kind: "spawn" as const,
            detail:
              s.state === "skipped"
                ? `capability ${s.capability}: its spawn hook was not run (hooks were not allowed); install with --allow-hooks to run it`
                : `capability ${s.capability}: its optional spawn hook failed; it runs again when the package changes`,
          },
        ]
      : [],
  );
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
    return [{ path: e.path, kind: "modified", detail: "content differs from what agentc installed" }];
  if ((e.kind === "file" || e.kind === "copy") && onDisk.executable !== (e.executable === true))
    return [{ path: e.path, kind: "modified", detail: "executable bit changed" }];
  return [];
}

function seedEdited(state: ProjectState, e: RecordEntry): boolean {
  const onDisk = state.get(e.path);
  return onDisk.type !== "absent" && !(onDisk.type === "file" && onDisk.sha256 === e.sha256);
}

function foreignFiles(state: ProjectState, record: InstallRecord): Finding[] {
  const known = new Set([...record.entries, ...(record.composed ?? [])].map((e) => e.path));
  const copies = record.entries.filter(isFolderCopy).map((dir) =>
    state
      .listFiles(dir.path)
      .filter((p) => !known.has(p))
      .map((path) => ({
        path,
        kind: "foreign" as const,
        detail: `not installed by agentc, in ${dir.path} (agentc's copy of ${dir.target}, made where links were refused)`,
      })),
  );
  return [...copies.flat(), ...ownedDirForeign(state, record, known)];
}

function ownedDirForeign(state: ProjectState, record: InstallRecord, known: Set<string>): Finding[] {
  return record.owned_dirs.flatMap((dir) => {
    const preserved = picomatch(dir.preserve.length > 0 ? dir.preserve : ["\0"], {
      dot: true,
      basename: true,
    });
    return state
      .listFiles(dir.path)
      .filter((p) => !known.has(p) && !preserved(p.slice(dir.path.length + 1)))
      .map((path) => ({
        path,
        kind: "foreign" as const,
        detail: `not installed by agentc, in the owned folder ${dir.path}`,
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
