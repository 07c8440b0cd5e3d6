import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
} from "node:fs";
import { join } from "node:path";
import { type Desired, desiredState, type PayloadFiles } from "../../manifest/desired.js";
import type { ManifestLineOf } from "../../manifest/manifest-line.js";
import { hashLines } from "../../manifest/manifest-lines.js";
import type { Manifest } from "../../manifest/manifest-model.js";
import { sha256 } from "../../shared/hash.js";
import { pathProblem } from "../../shared/path-check.js";
import type { Content } from "../model/plan-model.js";
import { ownershipProblems } from "./ownership-check.js";
import { readFragments } from "./read-fragments.js";

/**
 * The desired state of a bundle folder. Bundle bytes are read lazily: `verify` reads and checks against the
 * manifest's hashes exactly the files a plan will write (before anything is written), so a no-op reinstall
 * reads no bundle file but the compose fragments, which planning needs; `bytesOf` hands out only verified
 * bytes.
 */
export type LoadedBundle =
  | {
      ok: true;
      desired: Desired;
      verify: (contents: Content[]) => string[];
      bytesOf: (c: Content) => Buffer;
      /** What the bundle leaves out that the manifest names (a tool payload it was packed without). */
      notes: string[];
    }
  | { ok: false; problems: string[] };

export function loadBundle(
  bundleDir: string,
  manifest: Manifest,
  components: string[],
  lineOf: ManifestLineOf,
): LoadedBundle {
  const problems: string[] = [];
  const notes: string[] = [];
  const desired = desiredState(manifest, components, payloadLister(bundleDir, manifest, problems, notes));
  desired.manifestLine = lineOf;
  for (const f of desired.files)
    if (!f.sha256)
      problems.push(`${f.path}: listed by component ${f.component} but has no hash in the manifest`);
  problems.push(...ownershipProblems(desired));
  if (problems.length > 0) return { ok: false, problems };
  const fragments = readFragments(manifest, desired, (path) => readBundleFile(bundleDir, path));
  if (!fragments.ok) return fragments;
  desired.composed = fragments.composed;
  const adoptProblems = readAdoptBodies(desired, (path) => readBundleFile(bundleDir, path));
  if (adoptProblems.length > 0) return { ok: false, problems: adoptProblems };
  // Keyed by path and hash: bytes checked against one hash never stand in for another.
  const bytes = new Map<string, Buffer>();
  const key = (c: { path: string; sha256: string }) => `${c.path}\0${c.sha256}`;
  const verify = (contents: Content[]): string[] =>
    contents.flatMap((c) => {
      if (c.from === "text" || bytes.has(key(c))) return [];
      const read = readBundleFile(bundleDir, c.path);
      if (typeof read === "string") return [read];
      if (sha256(read) !== c.sha256)
        return [
          `${c.path}: the bundle's file does not match its hash in the manifest (corrupt or tampered bundle)`,
        ];
      bytes.set(key(c), read);
      return [];
    });
  const bytesOf = (c: Content): Buffer => {
    if (c.from === "text") return Buffer.from(c.text);
    const found = bytes.get(key(c));
    if (!found) throw new Error(`internal: ${c.path} was not verified before writing`);
    return found;
  };
  return { ok: true, desired, verify, bytesOf, notes };
}

/**
 * A bundle packed with --payloads lists every payload file with its hash (verified like any file before
 * it is written); a build folder may hold payload folders as they are; a folder neither lists nor holds
 * is not written, and said so.
 */
function payloadLister(
  bundleDir: string,
  manifest: Manifest,
  problems: string[],
  notes: string[],
): PayloadFiles {
  const hashed = manifest.install.payload_hashes;
  if (hashed) {
    const lines = [...hashLines(hashed)];
    const executable = new Set(manifest.install.payload_executables ?? []);
    return (dir) =>
      lines
        .filter(([path]) => path.startsWith(`${dir}/`))
        .map(([path, [sha = ""]]) => ({ path, sha256: sha, executable: executable.has(path) }));
  }
  return (dir) => {
    if (lstatSync(join(bundleDir, dir), { throwIfNoEntry: false })?.isDirectory())
      return listPayload(bundleDir, dir, problems);
    notes.push(
      `the payload folder ${dir} is not in this bundle, so it was not installed; pack the build with 'agentc pack --payloads' to carry it`,
    );
    return undefined;
  };
}

/** A regular file of the bundle, never through a link: open refuses a link, fstat on the open file says the rest. */
export function readBundleFile(bundleDir: string, path: string): Buffer | string {
  let fd: number;
  try {
    fd = openSync(join(bundleDir, path), constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ELOOP"
      ? `${path}: expected a regular file in the bundle, found a symbolic link`
      : `${path}: listed in the manifest but missing from the bundle`;
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) return `${path}: expected a regular file in the bundle, found something else`;
    const bytes = Buffer.allocUnsafe(stat.size);
    let filled = 0;
    for (let n = 1; filled < bytes.length && n > 0; filled += n)
      n = readSync(fd, bytes, filled, bytes.length - filled, null);
    return filled === bytes.length ? bytes : bytes.subarray(0, filled);
  } finally {
    closeSync(fd);
  }
}

function listPayload(bundleDir: string, dir: string, problems: string[]): { path: string; sha256: string }[] {
  const out: { path: string; sha256: string }[] = [];
  const visit = (rel: string): void => {
    let names: string[];
    try {
      names = readdirSync(join(bundleDir, rel)).sort();
    } catch {
      return void problems.push(`${rel}: payload folder missing from the bundle`);
    }
    for (const name of names) {
      const child = `${rel}/${name}`;
      const problem = pathProblem(child);
      if (problem) return void problems.push(`${child}: payload path ${problem}`);
      const stat = lstatSync(join(bundleDir, child));
      if (stat.isDirectory()) visit(child);
      else if (stat.isFile()) out.push({ path: child, sha256: sha256(readFileSync(join(bundleDir, child))) });
      else
        problems.push(`${child}: payload holds a link or special file; bundles may hold regular files only`);
    }
  };
  visit(dir);
  return out;
}

/**
 * The text of each file a component composes as a block into a person's file: read now (planning needs it),
 * checked against its hash like every bundle file. A block for a file the component does not ship is left out.
 */
function readAdoptBodies(desired: Desired, read: (path: string) => Buffer | string): string[] {
  const problems: string[] = [];
  desired.adopt = desired.adopt.filter((a) => {
    if (a.how.kind !== "block") return true;
    const file = desired.files.find(
      (f) => f.path === a.path && f.component === a.component && f.role === "file",
    );
    if (!file) return false;
    const bytes = read(a.path);
    if (typeof bytes === "string") problems.push(bytes);
    else if (sha256(bytes) !== file.sha256)
      problems.push(
        `${a.path}: the bundle's file does not match its hash in the manifest (corrupt or tampered bundle)`,
      );
    else a.body = bytes.toString("utf8");
    return true;
  });
  return problems;
}
