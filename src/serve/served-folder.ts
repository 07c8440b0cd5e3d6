import { type FSWatcher, mkdirSync, rmSync, statSync, watch } from "node:fs";
import { dirname, join } from "node:path";
import { bundleManifestName } from "../packaging/bundle-manifest.js";
import { folderSignaturePath, zipSignaturePath } from "../packaging/signature/bundle-signature.js";
import { AgentcError } from "../shared/agentc-error.js";
import { loadOrigin, newestFirst, twinProblem } from "./load-versions.js";
import { serveOrigins } from "./serve-origins.js";
import type { ServedVersion } from "./served-version.js";

/** One origin as last seen: its stamp, and its snapshot, or the problem that kept it out. */
interface Slot {
  stamp: string;
  folder: string;
  version?: ServedVersion;
  /** why the origin as it is now did not load (then `version` is its last good snapshot, if any) */
  problem?: string;
}

export interface FolderChange {
  added: ServedVersion[];
  /** versions no longer served */
  removed: string[];
}

export interface ServedFolder {
  /** the versions served now, newest first; re-reads the folder first when an origin's stamp changed */
  current(): ServedVersion[];
  close(): void;
}

export interface FollowOptions {
  path: string;
  /** where the snapshots go; each load gets a folder of its own */
  work: string;
  warn(text: string): void;
  /** called after the versions changed, before the next current() returns them */
  changed(versions: ServedVersion[], change: FolderChange): void;
}

/** How long the watcher waits for a burst of events to end before it re-reads the folder. */
export const watchSettleMs = 100;

/**
 * What `agentc serve PATH` serves, kept in step with PATH: at start every origin must load (a problem
 * stops the server); afterwards a new, changed or removed origin is picked up without a restart. Two
 * triggers, so a filesystem whose watch events are unreliable (network mounts, some containers) still
 * works: fs.watch, and on every request a comparison of each origin's stamp (size and mtime of the zip
 * or the build's manifest.json, which `agentc build` writes last, and of its signature). An origin that
 * does not load (a zip still being written, a build half-way) is left out with a warning and its last good
 * snapshot, if any, stays served: only complete, verified bundles are ever served.
 */
export function followFolder(options: FollowOptions): ServedFolder {
  let generation = 0;
  const nextFolder = (): string => {
    const folder = join(options.work, String(generation++));
    mkdirSync(folder);
    return folder;
  };
  let slots = new Map<string, Slot>();
  for (const origin of serveOrigins(options.path)) {
    const folder = nextFolder();
    slots.set(origin, { stamp: stampOf(origin), folder, version: loadOrigin(origin, folder) });
  }
  let versions = servedOf(slots, slots, (problem) => {
    throw problem;
  });
  let fingerprint = fingerprintOf(slots);
  let forced = false;

  const refresh = (): void => {
    const seen = seenOrigins(options.path);
    const now = fingerprintOf(new Map(seen.origins.map((o) => [o, { stamp: stampOf(o), folder: "" }])));
    if (now === fingerprint && !forced) return;
    const retry = forced;
    forced = false;
    if (seen.problem) options.warn(`${seen.problem.message}; serving nothing until a version is back`);
    const next = new Map<string, Slot>();
    for (const origin of seen.origins)
      next.set(origin, reloaded(origin, slots.get(origin), { nextFolder, warn: options.warn, retry }));
    const nextVersions = servedOf(next, slots, (problem) =>
      options.warn(`${problem.message}: the one added last is not served; ${problem.hint}`),
    );
    for (const [origin, slot] of slots)
      if (next.get(origin)?.folder !== slot.folder) rmSync(slot.folder, { recursive: true, force: true });
    const change = changeOf(versions, nextVersions);
    slots = next;
    fingerprint = fingerprintOf(slots);
    versions = nextVersions;
    if (change.added.length > 0 || change.removed.length > 0) options.changed(versions, change);
  };

  const watcher = watchPath(
    options.path,
    () => {
      forced = true;
    },
    refresh,
  );
  return {
    current() {
      refresh();
      return versions;
    },
    close() {
      watcher?.close();
    },
  };
}

/** The origins PATH holds now; none, with the reason, when it holds nothing to serve any more. */
function seenOrigins(path: string): { origins: string[]; problem?: AgentcError } {
  try {
    return { origins: serveOrigins(path) };
  } catch (error) {
    if (!(error instanceof AgentcError)) throw error;
    return { origins: [], problem: error };
  }
}

/**
 * The slot kept when its stamp is unchanged, else a fresh snapshot, or the problem with the last good one.
 * `retry` (files changed below the folder): an origin that did not load is tried again even with its stamp
 * unchanged, for a build folder whose manifest.json came before the files it lists.
 */
function reloaded(
  origin: string,
  old: Slot | undefined,
  how: { nextFolder: () => string; warn: (text: string) => void; retry: boolean },
): Slot {
  const stamp = stampOf(origin);
  if (old && old.stamp === stamp && !(how.retry && old.problem !== undefined)) return old;
  const folder = how.nextFolder();
  try {
    return { stamp, folder, version: loadOrigin(origin, folder) };
  } catch (error) {
    if (!(error instanceof AgentcError)) throw error;
    rmSync(folder, { recursive: true, force: true });
    if (error.message !== old?.problem) how.warn(`${origin} is not served (yet): ${error.message}`);
    const kept = old?.version ? { folder: old.folder, version: old.version } : { folder };
    return { stamp, ...kept, problem: error.message };
  }
}

/**
 * The loaded versions, newest first. A second, different bundle of one version goes to `twin`; the one
 * already served (in `previous`) wins.
 */
function servedOf(
  next: Map<string, Slot>,
  previous: Map<string, Slot>,
  twin: (problem: AgentcError) => void,
): ServedVersion[] {
  const isNew = (origin: string): number => (previous.get(origin) === next.get(origin) ? 0 : 1);
  const ordered = [...next.entries()].sort(([a], [b]) => isNew(a) - isNew(b));
  const versions: ServedVersion[] = [];
  for (const [, { version }] of ordered) {
    if (!version) continue;
    const problem = twinProblem(versions, version);
    if (problem) twin(problem);
    else if (!versions.some((v) => v.version === version.version)) versions.push(version);
  }
  return newestFirst(versions);
}

function changeOf(before: readonly ServedVersion[], after: readonly ServedVersion[]): FolderChange {
  const key = (v: ServedVersion): string => `${v.version} ${v.manifestSha256}`;
  const had = new Set(before.map(key));
  const has = new Set(after.map(key));
  const versionsAfter = new Set(after.map((v) => v.version));
  return {
    added: after.filter((v) => !had.has(key(v))),
    removed: before.filter((v) => !has.has(key(v)) && !versionsAfter.has(v.version)).map((v) => v.version),
  };
}

/** Size and mtime of what a writer finishes last (a zip, a build's manifest.json) and of its signature. */
function stampOf(origin: string): string {
  const isFolder = statSync(origin, { throwIfNoEntry: false })?.isDirectory() === true;
  const files = isFolder
    ? [join(origin, bundleManifestName), folderSignaturePath(origin)]
    : [origin, zipSignaturePath(origin)];
  return files
    .map((file) => {
      const stat = statSync(file, { throwIfNoEntry: false });
      return stat ? `${stat.size}:${stat.mtimeMs}` : "-";
    })
    .join(" ");
}

function fingerprintOf(slots: ReadonlyMap<string, Slot>): string {
  return JSON.stringify([...slots].map(([origin, slot]) => [origin, slot.stamp]));
}

/**
 * Watches PATH (its folder, for a zip) and every folder below it; a burst of events ends in one refresh.
 * Undefined where the filesystem cannot be watched: the stamps compared on every request still work.
 */
function watchPath(path: string, onEvent: () => void, refresh: () => void): FSWatcher | undefined {
  const target = statSync(path).isDirectory() ? path : dirname(path);
  let timer: NodeJS.Timeout | undefined;
  const event = (): void => {
    onEvent();
    clearTimeout(timer);
    timer = setTimeout(refresh, watchSettleMs);
    timer.unref();
  };
  try {
    const watcher = watch(target, { recursive: true, persistent: false }, event);
    watcher.on("error", () => watcher.close());
    return watcher;
  } catch {
    return undefined;
  }
}
