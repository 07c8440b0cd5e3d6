import semverCompare from "semver/functions/compare.js";
import semverValid from "semver/functions/valid.js";

/**
 * Registry versions by precedence, newest first: SemVer 2.0.0 precedence (build metadata ignored, so
 * "0.0.0+<hash>" versions derived from content are equal); a version that is not SemVer sorts after
 * every SemVer one, then by code point. 0 means "equal precedence": the caller breaks the tie.
 */
export function byPrecedenceNewestFirst(a: string, b: string): number {
  const validA = semverValid(a) !== null;
  const validB = semverValid(b) !== null;
  if (validA && validB) return semverCompare(b, a);
  if (validA !== validB) return validA ? -1 : 1;
  return a < b ? 1 : a > b ? -1 : 0;
}

/** Whether `candidate` has a lower precedence than `installed`: an update that goes back. */
export function isOlder(candidate: string, installed: string): boolean {
  return byPrecedenceNewestFirst(candidate, installed) > 0;
}
