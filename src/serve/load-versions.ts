import { BundleError } from "../install/bundle/bundle-error.js";
import { PackError } from "../packaging/pack-error.js";
import { byPrecedenceNewestFirst } from "../shared/version-order.js";
import { ServeError } from "./serve-error.js";
import { loadServedVersion, type ServedVersion } from "./served-version.js";

/** One origin snapshotted into `folder`; every problem is a ServeError with a hint. */
export function loadOrigin(origin: string, folder: string): ServedVersion {
  return asServeError(origin, () => loadServedVersion(origin, folder));
}

/** Two different bundles of one version: the server would not know which one to hand out. */
export function twinProblem(
  versions: readonly ServedVersion[],
  version: ServedVersion,
): ServeError | undefined {
  const twin = versions.find((v) => v.version === version.version);
  if (!twin || twin.manifestSha256 === version.manifestSha256) return undefined;
  return new ServeError(
    `${twin.origin} and ${version.origin} are both version ${version.version}, with different contents`,
    "give each build its own registry_version, or serve only one of them",
  );
}

export function newestFirst(versions: ServedVersion[]): ServedVersion[] {
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
