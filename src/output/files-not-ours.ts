import { readFileSync } from "node:fs";
import { join } from "node:path";
import { hashLine } from "../manifest/manifest-lines.js";
import { type Manifest, manifestFileName } from "../manifest/manifest-model.js";
import { sha256 } from "../shared/hash.js";
import { parseJson } from "../shared/nesting-limit.js";
import { pathProblem } from "../shared/path-check.js";
import { countWork } from "../shared/work-counts.js";
import type { OnDisk } from "./on-disk.js";

/** What the previous build in a folder wrote: its artifacts and the hash each had when written. */
export interface PreviousBuild {
  artifacts: string[];
  hashes: Map<string, string>;
}

export function readPreviousBuild(outDir: string): PreviousBuild {
  try {
    const manifest = parseJson(readFileSync(join(outDir, manifestFileName), "utf8")) as Partial<Manifest>;
    countWork("files read");
    const artifacts = Array.isArray(manifest.artifacts)
      ? manifest.artifacts.filter((p) => typeof p === "string" && pathProblem(p) === undefined)
      : [];
    const lines = [...(manifest.install?.artifact_hashes ?? []), ...(manifest.install?.seed_hashes ?? [])];
    const hashes = new Map(
      lines.flatMap((l) => (typeof l === "string" ? [hashLine(l) ?? ([l, ""] as const)] : [])),
    );
    return { artifacts, hashes };
  } catch {
    return { artifacts: [], hashes: new Map() };
  }
}

/**
 * Paths the build would replace or remove although no earlier build wrote their current bytes: a file a
 * person put or edited in the output folder. The build refuses rather than overwrite them. Anything
 * unreadable on the way (ENOTDIR, EACCES) is left to the writer to report.
 */
export function filesNotOurs(
  disk: OnDisk,
  paths: Iterable<{ path: string; bytes?: Buffer }>,
  previous: PreviousBuild,
): string[] {
  const blocked: string[] = [];
  for (const { path, bytes } of paths) {
    if (!disk.isFile(path)) continue;
    if (bytes && disk.holds(path, bytes)) continue;
    const onDisk = disk.bytes(path);
    if (onDisk === undefined) continue;
    if (previous.hashes.get(path) !== sha256(onDisk)) blocked.push(path);
  }
  return blocked;
}
