import { linkLeadsTo, maxLinkHops } from "../../shared/posix-path.js";
import type { PlanContext } from "./plan-context.js";

/**
 * The regular file a person's link at `path` leads to inside the project, below real folders, through
 * further links of the project as well (AGENTS.md → .agent/rules/a.md → ../../.clinerules/a.md).
 */
export function fileLinkedFrom(ctx: PlanContext, path: string): string | undefined {
  let at = path;
  for (let hop = 0; hop < maxLinkHops; hop++) {
    const onDisk = ctx.state.get(at);
    if (onDisk.type !== "symlink") return undefined;
    const target = linkLeadsTo(at, onDisk.target);
    if (target === undefined || ctx.state.blockedBy(target) !== undefined) return undefined;
    if (ctx.state.get(target).type === "file") return target;
    at = target;
  }
  return undefined;
}
