import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { BundleError } from "../install/bundle/bundle-error.js";
import { PackError } from "../packaging/pack-error.js";
import { byPrecedenceNewestFirst } from "../shared/version-order.js";
import { ServeError } from "./serve-error.js";
import { loadServedVersion, type ServedVersion } from "./served-version.js";

/**
 * Snapshots every origin into its own folder below `work` and orders them newest first (SemVer
 * precedence, then the newer file). The same version twice is one version when the manifests are equal,
 * and an error otherwise: the server would not know which one to hand out.
 */
export function loadVersions(origins: readonly string[], work: string): ServedVersion[] {
  const versions: ServedVersion[] = [];
  for (const [n, origin] of origins.entries()) {
    const folder = join(work, String(n));
    mkdirSync(folder);
    const version = asServeError(origin, () => loadServedVersion(origin, folder));
    const twin = versions.find((v) => v.version === version.version);
    if (!twin) versions.push(version);
    else if (twin.manifestSha256 !== version.manifestSha256)
      throw new ServeError(
        `${twin.origin} and ${origin} are both version ${version.version}, with different contents`,
        "give each build its own registry_version, or serve only one of them",
      );
  }
  return versions.sort((a, b) => byPrecedenceNewestFirst(a.version, b.version) || b.mtimeMs - a.mtimeMs);
}

function asServeError<T>(origin: string, load: () => T): T {
  try {
    return load();
  } catch (error) {
    if (error instanceof PackError || error instanceof BundleError || error instanceof ServeError)
      throw new ServeError(error.message, error.hint);
    const code = (error as NodeJS.ErrnoException).code;
    if (typeof code === "string")
      throw new ServeError(
        `cannot read ${origin}: ${(error as Error).message}`,
        "check the path and its permissions",
      );
    throw error;
  }
}
