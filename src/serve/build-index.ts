import type { ServeIndex, ServeIndexVersion } from "../distribute/serve-index.js";
import { toSri } from "../install/index.js";
import type { ServedVersion } from "./served-version.js";

/** The content-addressed address of a bundle below the base URL. */
export function bundleAddress(sha256: string): string {
  return `bundles/${sha256}.zip`;
}

/** Inside a version's folder: the published tree, apart from manifest.json and install.sh. */
export const filesFolder = "files/";
/** per version: each settings file composed as agentc install writes it where it is missing, and its record element (install.sh) */
export const composeFolder = "compose/";

export function treeAddress(version: string): string {
  return `v/${version}/`;
}

/** index.json for versions already sorted newest first. */
export function buildServeIndex(versions: readonly ServedVersion[]): ServeIndex {
  return {
    agentc_serve: 1,
    latest: versions[0]?.version ?? "",
    versions: versions.map(
      (v): ServeIndexVersion => ({
        version: v.version,
        manifest_sha256: v.manifestSha256,
        bundle: bundleAddress(v.bundle.sha256),
        sha256: v.bundle.sha256,
        integrity: toSri(v.bundle.sha256),
        bytes: v.bundle.bytes,
        tree: treeAddress(v.version),
      }),
    ),
  };
}
