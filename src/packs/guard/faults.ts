import type { PackFault } from "../section.js";
import { slotsOf } from "../shared/template-slots.js";
import type { GuardPack } from "./model.js";

/** A guard the pack cannot wire as written: no hooks to wire it into, or a timeout its hook entry cannot say. */
export function guardFaults(pack: GuardPack): PackFault[] {
  const faults: PackFault[] = [];
  if (pack.guard?.timeout !== undefined && pack.hooks && !slotsOf(pack.hooks.entry).has("timeout"))
    faults.push({
      path: ["guard", "timeout"],
      part: "key",
      message: "guard.timeout is set but hooks.entry has no {timeout} slot, so it would not be written",
      hint: 'Remove guard.timeout when the client has no hook timeout, or add "{timeout}" to hooks.entry.',
    });
  if (pack.guard && !pack.hooks)
    faults.push({
      path: ["guard"],
      part: "key",
      message: "guard is set but the pack has no hooks section to wire it into",
      hint: "Add hooks, or remove guard.",
    });
  return faults;
}
