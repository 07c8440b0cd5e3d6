import { noSpaceText } from "../apply/no-space.js";

/**
 * A bundle that cannot be used: not found, not downloadable, failing its integrity check, unsafe or
 * malformed. The message says what is wrong, the hint what to do; the CLI prints both and exits 1.
 */
export class BundleError extends Error {
  constructor(
    message: string,
    readonly hint: string,
    /** "unreachable": nothing answered at the address (connection refused, no such host). */
    readonly reason?: "unreachable",
  ) {
    super(message);
    this.name = "BundleError";
  }
}

/** The disk (or a quota) ran full while saving or unpacking a bundle into the temporary folder. */
export function noSpaceError(doing: string, error: NodeJS.ErrnoException): BundleError {
  return new BundleError(
    `${doing}: ${noSpaceText(error)}; nothing was installed`,
    "free some space in the temporary folder (TMPDIR, default the OS temp folder), or point TMPDIR at a disk with room, and run again",
  );
}

/** Several problems of one archive in one error, so the publisher can fix them all at once. */
export function archiveError(source: string, problems: readonly string[], hint: string): BundleError {
  const shown = problems.slice(0, 20).map((p) => `  - ${p}`);
  if (problems.length > shown.length) shown.push(`  - and ${problems.length - shown.length} more`);
  return new BundleError(`${source} is rejected, nothing was extracted:\n${shown.join("\n")}`, hint);
}
