import type { PathState } from "../project/project-state.js";

/**
 * dpkg's conffile rule for seeds (installer-safety.md): compare what is on disk with the hash shipped
 * last time (from the install record) and the known earlier hashes, never with what is on disk.
 *
 * | on disk                               | decision                                        |
 * |---------------------------------------|-------------------------------------------------|
 * | absent (never written, or deleted)    | create: seeds are written whenever missing      |
 * | file, hash = new                      | unchanged: nothing to write, record the new hash |
 * | file made executable (chmod +x)       | keep the user's version, write the new beside it |
 * | file, hash = shipped or a known hash  | refresh: the user never edited it, replace it   |
 * | file with any other hash, link, folder| keep the user's version, write the new beside it |
 */
export type SeedDecision = "create" | "unchanged" | "refresh" | "keep-user-version";

export function decideSeed(
  onDisk: PathState,
  shipped: string | undefined,
  known: readonly string[],
  next: string,
): SeedDecision {
  if (onDisk.type === "absent") return "create";
  if (onDisk.type !== "file") return "keep-user-version";
  if (onDisk.sha256 === next) return "unchanged";
  // agentc writes seeds with mode 0644: an executable one was changed by the person (case 24)
  if (onDisk.executable) return "keep-user-version";
  if (onDisk.sha256 === shipped || known.includes(onDisk.sha256)) return "refresh";
  return "keep-user-version";
}

export const besideSuffix = ".agentc-new";
