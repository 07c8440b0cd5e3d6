import { lstatSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathProblem } from "../install/path-check.js";
import { pairSeparator, sha256 } from "../manifest/hash.js";
import { type Manifest, manifestFileName } from "../manifest/manifest-model.js";

/** What the previous build in a folder wrote: its artifacts and the hash each had when written. */
export interface PreviousBuild {
  artifacts: string[];
  hashes: Map<string, string>;
}

export function readPreviousBuild(outDir: string): PreviousBuild {
  try {
    const manifest = JSON.parse(readFileSync(join(outDir, manifestFileName), "utf8")) as Partial<Manifest>;
    const artifacts = Array.isArray(manifest.artifacts)
      ? manifest.artifacts.filter((p) => typeof p === "string" && pathProblem(p) === undefined)
      : [];
    const lines = [...(manifest.install?.artifact_hashes ?? []), ...(manifest.install?.seed_hashes ?? [])];
    const hashes = new Map(
      lines.filter((l) => typeof l === "string").map((l) => l.split(pairSeparator) as [string, string]),
    );
    return { artifacts, hashes };
  } catch {
    return { artifacts: [], hashes: new Map() };
  }
}

/**
 * Paths the build would replace or remove although no earlier build wrote their current bytes: a file a
 * person put or edited in the output folder. The build refuses rather than overwrite them.
 */
export function filesNotOurs(
  outDir: string,
  paths: Iterable<{ path: string; bytes?: Buffer }>,
  previous: PreviousBuild,
): string[] {
  const blocked: string[] = [];
  for (const { path, bytes } of paths) {
    if (!isFile(join(outDir, path))) continue;
    const onDisk = readFileSync(join(outDir, path));
    if (bytes?.equals(onDisk)) continue;
    if (previous.hashes.get(path) !== sha256(onDisk)) blocked.push(path);
  }
  return blocked;
}

/** A regular file at path; anything unreadable on the way (ENOTDIR, EACCES) is left to the writer to report. */
function isFile(path: string): boolean {
  try {
    return lstatSync(path, { throwIfNoEntry: false })?.isFile() === true;
  } catch {
    return false;
  }
}
