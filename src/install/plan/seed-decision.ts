import type { PathState } from "../project/project-state.js";

/**
 * dpkg's conffile rule for seeds (installer-safety.md): a seed is refreshed only when agentc's record shows
 * it wrote the file on disk (`wrote`); the earlier hashes the bundle lists (`known`, seed_refresh_hashes) are
 * the bundle's word, never a reason to replace a file.
 *
 * | on disk                                       | decision                                          |
 * |-----------------------------------------------|---------------------------------------------------|
 * | absent (never written, or deleted)            | create: seeds are written whenever missing        |
 * | file, hash = new                              | unchanged: nothing to write, record the new hash  |
 * | file made executable (chmod +x)               | keep the user's version, write the new beside it  |
 * | file the record shows agentc wrote            | refresh: the user never edited it, replace it     |
 * | file with a known hash the record does not show | vouched: the bundle calls a file agentc did not write its own; a conflict |
 * | file with any other hash, link, folder        | keep the user's version, write the new beside it  |
 */
export type SeedDecision = "create" | "unchanged" | "refresh" | "keep-user-version" | "vouched";

export function decideSeed(
  onDisk: PathState,
  wrote: boolean,
  known: readonly string[],
  next: string,
): SeedDecision {
  if (onDisk.type === "absent") return "create";
  if (onDisk.type !== "file") return "keep-user-version";
  if (onDisk.sha256 === next) return "unchanged";
  // agentc writes seeds with mode 0644: an executable one was changed by the person (case 24)
  if (onDisk.executable) return "keep-user-version";
  if (wrote) return "refresh";
  if (known.includes(onDisk.sha256)) return "vouched";
  return "keep-user-version";
}

export const besideSuffix = ".agentc-new";
