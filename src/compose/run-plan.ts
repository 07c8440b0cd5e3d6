import { notEditable } from "./conflicts.js";
import type { Conflict, KeyPath, OwnedRecord } from "./model.js";
import type { Plan, Step } from "./ownership-plan.js";

/** Applies one step to the text, or says why it cannot be done without touching other text. */
export type ApplyStep = (text: string, step: Step) => string | { problem: string };

export interface PlanOutcome {
  text: string;
  owned: OwnedRecord[];
  conflicts: Conflict[];
  adopted: OwnedRecord[];
  applied: number;
}

export const stepPath = (step: Step): KeyPath => ("entry" in step ? step.entry.path : step.record.path);

/** Runs the steps in order; a step that fails leaves the text and the ownership as they were. */
export function runPlan(text: string, plan: Plan, apply: ApplyStep): PlanOutcome {
  const outcome: PlanOutcome = {
    text,
    owned: [...plan.owned],
    conflicts: [...plan.conflicts],
    adopted: [...plan.adopted],
    applied: 0,
  };
  for (const step of plan.steps) {
    const next = apply(outcome.text, step);
    if (typeof next === "string") {
      outcome.text = next;
      outcome.applied++;
      if ("owns" in step) outcome.owned.push(step.owns);
    } else {
      outcome.conflicts.push(notEditable(stepPath(step), next.problem));
      const kept = "owns" in step ? (step.op === "set" || step.op === "replace") && step.keeps : step.record;
      if (kept) outcome.owned.push(kept);
    }
  }
  return outcome;
}
