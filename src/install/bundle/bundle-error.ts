import { AgentcError } from "../../shared/agentc-error.js";
import { noSpaceText } from "../model/no-space.js";

/** The disk (or a quota) ran full while saving or unpacking a bundle into the temporary folder. */
export function noSpaceError(doing: string, error: NodeJS.ErrnoException): AgentcError {
  return new AgentcError(
    "bundle",
    `${doing}: ${noSpaceText(error)}; nothing was installed`,
    "free some space in the temporary folder (TMPDIR, default the OS temp folder), or point TMPDIR at a disk with room, and run again",
  );
}

/** Several problems of one archive in one error, so the publisher can fix them all at once. */
export function archiveError(source: string, problems: readonly string[], hint: string): AgentcError {
  const shown = problems.slice(0, 20).map((p) => `  - ${p}`);
  if (problems.length > shown.length) shown.push(`  - and ${problems.length - shown.length} more`);
  return new AgentcError(
    "bundle",
    `${source} is rejected, nothing was extracted:\n${shown.join("\n")}`,
    hint,
  );
}
