import { isMutation, type Plan } from "../model/plan-model.js";
import type { ProjectState } from "../project/project-state.js";
import type { KnownFile } from "../project/stat-cache.js";

/**
 * The cache after an install: every recorded path that holds a file, with the stamp apply wrote it with, or,
 * for a file the install left alone, the stamp and hash the plan saw.
 */
export function cacheAfterApply(
  plan: Plan,
  state: ProjectState,
  wrote: Map<string, KnownFile>,
): Map<string, KnownFile> {
  const touched = new Set(plan.actions.filter(isMutation).map((a) => a.path));
  const out = new Map<string, KnownFile>();
  for (const { path } of plan.entries) {
    const written = wrote.get(path);
    const seen = touched.has(path) ? undefined : state.get(path);
    if (written) out.set(path, written);
    else if (seen?.type === "file") out.set(path, { stamp: seen.stamp, sha256: seen.sha256 });
  }
  // the files of a folder copied where a link was refused: the plan's entry was the link
  for (const [path, written] of wrote) if (!out.has(path)) out.set(path, written);
  return out;
}
