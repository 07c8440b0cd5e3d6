import type { Action, Plan } from "../model/plan-model.js";
import type { ProjectState } from "../project/project-state.js";

/**
 * Plans on a state whose file hashes may come from the stat cache, trusting the cache only to leave files
 * alone: every file the plan would replace or remove is read first, and a wrong cached hash means planning
 * again. So a stale cache can at worst leave a file untouched, never destroy one.
 */
export function planConfirmed(state: ProjectState, planOf: (state: ProjectState) => Plan): Plan {
  for (;;) {
    const plan = planOf(state);
    if (!state.confirm(plan.actions.flatMap(destroyed))) return plan;
  }
}

function destroyed(action: Action): string[] {
  if (action.op === "update" || action.op === "remove") return [action.path];
  if ((action.op === "write-beside" || action.op === "link") && action.replace) return [action.path];
  return [];
}
