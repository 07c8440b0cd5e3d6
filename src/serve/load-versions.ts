import { AgentcError } from "../shared/agentc-error.js";
import { byPrecedenceNewestFirst } from "../shared/version-order.js";
import { loadServedVersion, type ServedVersion } from "./served-version.js";

/** One origin snapshotted into `folder`; every problem is an AgentcError with a hint. */
export function loadOrigin(origin: string, folder: string): ServedVersion {
  return asServeProblem(origin, () => loadServedVersion(origin, folder));
}

/** Two different bundles of one version: the server would not know which one to hand out. */
export function twinProblem(
  versions: readonly ServedVersion[],
  version: ServedVersion,
): AgentcError | undefined {
  const twin = versions.find((v) => v.version === version.version);
  if (!twin || twin.manifestSha256 === version.manifestSha256) return undefined;
  return new AgentcError(
    "serve",
    `${twin.origin} and ${version.origin} are both version ${version.version}, with different contents`,
    "give each build its own registry_version, or serve only one of them",
  );
}

export function newestFirst(versions: ServedVersion[]): ServedVersion[] {
  return versions.sort((a, b) => byPrecedenceNewestFirst(a.version, b.version) || b.mtimeMs - a.mtimeMs);
}

function asServeProblem<T>(origin: string, load: () => T): T {
  try {
    return load();
  } catch (error) {
    if (error instanceof AgentcError) throw new AgentcError("serve", error.message, error.hint);
    const code = (error as NodeJS.ErrnoException).code;
    if (typeof code === "string")
      throw new AgentcError(
        "serve",
        `cannot read ${origin}: ${(error as Error).message}`,
        "check the path and its permissions",
      );
    throw error;
  }
}
