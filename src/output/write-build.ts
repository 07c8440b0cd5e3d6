import { chmodSync, lstatSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { type EmittedTree, uniqueFiles } from "../emit/emitted-tree.js";
import { siteRecordPath } from "../emit/site-paths.js";
import { serializeManifest } from "../manifest/canonical-manifest.js";
import { composeFragments } from "../manifest/compose-fragments.js";
import { type Manifest, manifestFileName } from "../manifest/manifest-model.js";
import { removeQuietly, writeFileAtomic } from "../shared/atomic-write.js";
import { makeFolders } from "../shared/make-folders.js";
import { pathProblem } from "../shared/path-check.js";
import { filesNotOurs, type PreviousBuild, readPreviousBuild } from "./files-not-ours.js";
import { OnDisk } from "./on-disk.js";
import { readSiteRecord, siteRecordBytes } from "./site-record.js";

/** A file of the build could not be written: a problem of the output folder, not of agentc. */
export class WriteError extends Error {
  constructor(
    readonly path: string,
    readonly code: string,
  ) {
    super(`cannot write ${path} (${code})`);
  }
}

/** Files in the output folder that no build wrote (or that were edited since): nothing was written. */
export class ForeignFilesError extends Error {
  constructor(
    readonly outDir: string,
    readonly paths: string[],
  ) {
    super(
      `${outDir} holds files that no earlier build wrote, or that were edited since: ${paths.join(", ")}`,
    );
  }
}

export interface WriteReport {
  written: string[];
  unchanged: string[];
  removed: string[];
}

/**
 * Writes the tree and its compose fragments (.agentc-compose/...), then the extras (plugin.zip, marketplace.json: never installed),
 * the registry page (site/, tracked by its own record) and manifest.json last, into outDir. Unchanged files
 * are not touched; files listed by the previous manifest (or page record) and no longer emitted are removed;
 * files the build never wrote are left alone. Into a folder that does not exist yet, every file is new:
 * nothing there to compare, keep or remove (a first build of 2,000 files skips 4,000 look-ups).
 */
export function writeBuild(
  outDir: string,
  tree: EmittedTree,
  manifest: Manifest,
  extras: ReadonlyMap<string, Buffer> = new Map(),
  site: ReadonlyMap<string, Buffer> = new Map(),
): WriteReport {
  const report: WriteReport = { written: [], unchanged: [], removed: [] };
  const fresh = nothingAt(outDir);
  const previousBuild = fresh ? noPreviousBuild : readPreviousBuild(outDir);
  const previous = previousBuild.artifacts;
  const fragments = composeFragments(tree.composed).map(({ path, bytes }) => ({
    path,
    bytes,
    executable: false,
  }));
  const sbom = tree.sbom ? [{ ...tree.sbom, executable: false }] : [];
  const files = [...uniqueFiles(tree.files), ...fragments, ...sbom];
  for (const { path } of fragments) {
    const problem = pathProblem(path);
    // a shared file's path comes from client-pack data: never let it lead out of the output folder
    if (problem) throw new WriteError(path, `a path that ${problem}`);
  }
  const emitted = new Set(files.map((f) => f.path));
  const stale = previous.filter((p) => !emitted.has(p)).map((path) => ({ path }));
  const disk = new OnDisk(outDir);
  const page = fresh ? freshSite(site) : planSite(outDir, disk, site);
  const blocked = fresh ? [] : [...filesNotOurs(disk, [...files, ...stale], previousBuild), ...page.blocked];
  if (blocked.length > 0) throw new ForeignFilesError(outDir, blocked);
  const folders = new Set<string>();
  for (const file of files) {
    const state = fresh ? "missing" : fileState(disk, file.path, file.bytes, file.executable);
    if (state === "same") report.unchanged.push(file.path);
    else {
      const target = disk.fullPath(file.path);
      if (state === "missing") writeNew(target, file.bytes, file.executable, folders);
      else writeAtomic(target, file.bytes, file.executable, folders);
      report.written.push(file.path);
    }
  }
  for (const { path } of stale) {
    removeStale(join(outDir, path));
    report.removed.push(path);
  }
  for (const path of page.stale) {
    removeStale(join(outDir, path));
    report.removed.push(path);
  }
  const beside = new Map([
    ...extras,
    ...page.files,
    [manifestFileName, Buffer.from(serializeManifest(manifest))],
  ]);
  for (const [name, bytes] of beside) {
    const path = join(outDir, name);
    if (fileState(disk, name, bytes, false) === "same") report.unchanged.push(name);
    else {
      writeAtomic(path, bytes, false, folders);
      report.written.push(name);
    }
  }
  return report;
}

interface SitePlan {
  /** The page's files and its record, in writing order (the record last). */
  files: Map<string, Buffer>;
  /** Page files the previous record lists and this build no longer writes. */
  stale: string[];
  /** Page paths holding bytes no earlier build wrote there. */
  blocked: string[];
}

const noPreviousBuild: PreviousBuild = { artifacts: [], hashes: new Map() };

/** Nothing at all at `path`; a path that cannot be looked at (below a file, unreadable) is left to the writer to report. */
function nothingAt(path: string): boolean {
  try {
    return lstatSync(path, { throwIfNoEntry: false }) === undefined;
  } catch {
    return false;
  }
}

/** The page follows the artifacts' rule, with its record in place of the manifest. */
function planSite(outDir: string, disk: OnDisk, site: ReadonlyMap<string, Buffer>): SitePlan {
  const previous = readSiteRecord(outDir);
  if (site.size === 0 && previous.artifacts.length === 0) return { files: new Map(), stale: [], blocked: [] };
  const stale = previous.artifacts.filter((path) => !site.has(path));
  const pageFiles = [...site].map(([path, bytes]) => ({ path, bytes }));
  const blocked = filesNotOurs(disk, [...pageFiles, ...stale.map((path) => ({ path }))], previous);
  if (previous.foreign) blocked.push(siteRecordPath);
  return { files: siteWithRecord(site), stale, blocked };
}

function freshSite(site: ReadonlyMap<string, Buffer>): SitePlan {
  return { files: site.size === 0 ? new Map() : siteWithRecord(site), stale: [], blocked: [] };
}

function siteWithRecord(site: ReadonlyMap<string, Buffer>): Map<string, Buffer> {
  return new Map([...site, [siteRecordPath, siteRecordBytes(site)]]);
}

function fileState(
  disk: OnDisk,
  path: string,
  bytes: Buffer,
  executable: boolean,
): "same" | "differs" | "missing" {
  const stat = disk.stat(path);
  if (!stat) return "missing";
  if (!stat.isFile() || stat.size !== bytes.length) return "differs";
  if (((stat.mode & 0o100) !== 0) !== executable) return "differs";
  const same = disk.holds(path, bytes);
  disk.forget(path);
  return same ? "same" : "differs";
}

/**
 * A file that does not exist yet has no old version a reader could see half-replaced: it is created in
 * place (O_EXCL), saving the temporary file and rename of writeAtomic. If something appeared meanwhile,
 * writeAtomic replaces it.
 */
function writeNew(path: string, bytes: Buffer, executable: boolean, folders: Set<string>): void {
  try {
    ensureFolder(dirname(path), folders);
    writeFileSync(path, bytes, { mode: executable ? 0o755 : 0o644, flag: "wx" });
    if (executable) chmodSync(path, 0o755);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") {
      writeAtomic(path, bytes, executable, folders);
      return;
    }
    removeQuietly(path);
    throw new WriteError(path, (error as NodeJS.ErrnoException).code ?? String(error));
  }
}

/** One mkdir when the parent exists (the common case), makeFolders otherwise; `folders` caches success. */
function ensureFolder(folder: string, folders: Set<string>): void {
  if (folders.has(folder)) return;
  try {
    mkdirSync(folder);
  } catch {
    makeFolders(folder);
  }
  folders.add(folder);
}

/** `folders` remembers the folders already created during this build. */
function writeAtomic(path: string, bytes: Buffer, executable: boolean, folders: Set<string>): void {
  try {
    ensureFolder(dirname(path), folders);
    writeFileAtomic(path, bytes, executable ? 0o755 : 0o644);
  } catch (error) {
    throw new WriteError(path, (error as NodeJS.ErrnoException).code ?? String(error));
  }
}

function removeStale(path: string): void {
  try {
    rmSync(path, { force: true });
  } catch (error) {
    throw new WriteError(path, (error as NodeJS.ErrnoException).code ?? String(error));
  }
}
