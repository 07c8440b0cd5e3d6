import type { Action, Conflict, Plan } from "../../src/install/model/plan-model.js";
import type { InstallRecord, RecordEntry } from "../../src/install/model/record.js";
import type { PathState, ProjectState } from "../../src/install/project/project-state.js";
import type { Desired, DesiredFile, DesiredLink, OwnedDir } from "../../src/manifest/desired.js";
import { unlocatedLine } from "../../src/manifest/manifest-line.js";
import { caseTwinOf, namesByFoldedKey } from "../../src/shared/paths/case-twin.js";

/** A project path as a table writes it: a folder, a file (its bytes' hash, optionally executable) or a link. */
export type Written = "dir" | { file: string; executable?: boolean } | { link: string };

/**
 * A project held in memory, for planning without a disk: the listed paths, and every folder above them.
 * Hashes are given as written (a table says "v1", not a real sha256: the planner only compares them).
 */
export function memoryProject(paths: Record<string, Written>): ProjectState {
  const states = new Map<string, PathState>();
  for (const [path, written] of Object.entries(paths)) {
    for (let end = path.indexOf("/"); end > 0; end = path.indexOf("/", end + 1))
      if (!states.has(path.slice(0, end))) states.set(path.slice(0, end), { type: "dir" });
    states.set(path, stateOf(written));
  }
  const below = (dir: string) => [...states.keys()].filter((p) => p.startsWith(`${dir}/`)).sort();
  const get = (path: string): PathState => states.get(path) ?? { type: "absent" };
  const namesIn = (dir: string) =>
    namesByFoldedKey(
      [...states.keys()]
        .filter((path) => path.slice(0, Math.max(path.lastIndexOf("/"), 0)) === dir)
        .map((path) => path.slice(path.lastIndexOf("/") + 1)),
    );
  return {
    get,
    caseTwin: (path) => caseTwinOf(path, (p) => get(p).type === "absent", namesIn),
    blockedBy(path) {
      for (let end = path.indexOf("/"); end > 0; end = path.indexOf("/", end + 1)) {
        const type = get(path.slice(0, end)).type;
        if (type === "absent") return undefined;
        if (type !== "dir") return path.slice(0, end);
      }
      return undefined;
    },
    listFiles: (dir) => below(dir).filter((p) => get(p).type !== "dir"),
    listDirs: (dir) =>
      below(dir)
        .filter((p) => get(p).type === "dir")
        .sort((a, b) => b.split("/").length - a.split("/").length),
    confirm: () => false,
  };
}

function stateOf(written: Written): PathState {
  if (written === "dir") return { type: "dir" };
  if ("link" in written) return { type: "symlink", target: written.link };
  return {
    type: "file",
    sha256: written.file,
    executable: written.executable ?? false,
    stamp: "",
    cached: false,
  };
}

/** What a bundle wants, with every list empty unless given. */
export function desired(parts: {
  files?: (Partial<DesiredFile> & Pick<DesiredFile, "path" | "sha256">)[];
  links?: (Partial<DesiredLink> & Pick<DesiredLink, "path" | "target">)[];
  ownedDirs?: (Partial<OwnedDir> & Pick<OwnedDir, "path">)[];
  knownSeedHashes?: Record<string, string[]>;
}): Desired {
  const component = "rules";
  return {
    components: [component],
    files: (parts.files ?? []).map((f) => ({ component, role: "file", executable: false, ...f })),
    links: (parts.links ?? []).map((l) => ({ component, fallback: { kind: "copy" }, ...l }) as DesiredLink),
    scaffold: [],
    ownedDirs: (parts.ownedDirs ?? []).map((d) => ({ component, preserve: [], ...d })),
    removes: [],
    keepDirs: [],
    knownSeedHashes: new Map(Object.entries(parts.knownSeedHashes ?? {})),
    manifestLine: unlocatedLine,
    composedLines: [],
    composed: [],
    capabilityHomes: [],
    adopt: [],
  };
}

/** The install record of an earlier install that wrote these entries. */
export function recordOf(entries: (Partial<RecordEntry> & Pick<RecordEntry, "path">)[]): InstallRecord {
  return {
    version: 1,
    registry_version: "1.0.0",
    manifest_sha256: "earlier",
    components: ["rules"],
    owned_dirs: [],
    entries: entries.map((e) => ({ kind: "file", component: "rules", ...e })),
  };
}

/** "create .rules/a.md", "conflict .rules/b.md: was edited …": a plan as short lines a table can list. */
export function planLines(plan: Plan): string[] {
  return [...plan.actions.map(actionLine), ...plan.conflicts.map(conflictLine)];
}

function actionLine(a: Action): string {
  if (a.op === "move-aside") return `move-aside ${a.path} → ${a.to}`;
  if (a.op === "write-beside") return `write-beside ${a.path}`;
  if (a.op === "link") return `link ${a.path} → ${a.target}`;
  return `${a.op} ${a.path}`;
}

function conflictLine(c: Conflict): string {
  return `conflict ${c.path}: ${c.problem}`;
}
