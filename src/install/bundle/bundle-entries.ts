import { type BundleManifest, bundleManifestName } from "../../packaging/bundle-manifest.js";
import { installPath } from "../../packaging/publish-rewrites.js";
import { pathListProblems } from "../../shared/path-check.js";
import type { LocatedEntry } from "./local-headers.js";

/** A file of the bundle, with the install path its published name reverses to. */
export interface BundleFile {
  entry: LocatedEntry;
  path: string;
}

/**
 * Maps the archive's files to install paths (publish_rewrites reversed) and checks that they are
 * exactly manifest.json plus the manifest's artifacts: nothing missing, nothing extra, no duplicates,
 * no case collisions, no path that is both a file and a folder.
 */
export function matchManifest(
  files: readonly LocatedEntry[],
  manifest: BundleManifest,
): { files: BundleFile[]; problems: string[] } {
  const mapped = files
    .filter((entry) => entry.name !== bundleManifestName)
    .map((entry) => ({ entry, path: installPath(entry.name, manifest.rewrites) }));
  const paths = mapped.map((f) => f.path);
  const problems = pathListProblems([bundleManifestName, ...paths]).map(
    (p) => `${JSON.stringify(p.path)} (after reversing publish_rewrites) ${p.problem}`,
  );
  problems.push(...duplicates([bundleManifestName, ...paths]), ...fileFolderClashes(paths));
  const present = new Set(paths);
  const listed = new Set(manifest.artifacts);
  for (const path of manifest.artifacts)
    if (!present.has(path)) problems.push(`${JSON.stringify(path)} is listed in manifest.json but missing`);
  for (const path of paths)
    if (!listed.has(path))
      problems.push(`${JSON.stringify(path)} is in the archive but not in manifest.json`);
  for (const path of manifest.artifacts)
    if (!manifest.hashes.has(path)) problems.push(`${JSON.stringify(path)} has no hash in manifest.json`);
  return { files: mapped, problems };
}

function duplicates(paths: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const path of paths) {
    if (seen.has(path)) out.push(`${JSON.stringify(path)} appears more than once`);
    seen.add(path);
  }
  return out;
}

function fileFolderClashes(paths: readonly string[]): string[] {
  const folders = new Set(
    paths.flatMap((p) =>
      p
        .split("/")
        .slice(0, -1)
        .map((_, i, s) => s.slice(0, i + 1).join("/")),
    ),
  );
  return paths.filter((p) => folders.has(p)).map((p) => `${JSON.stringify(p)} is both a file and a folder`);
}
