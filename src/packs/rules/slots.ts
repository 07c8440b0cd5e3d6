/**
 * The rule values a rule_triggers mapping writes into a field: `"paths": "{globs}"`. One definition for both
 * directions: the build fills the slots (emit.ts), import reads them back (read-trigger.ts).
 */
export const ruleSlots = { globs: "{globs}", description: "{description}" } as const;

export type RuleSlot = keyof typeof ruleSlots;

/** The rule value a mapping's field holds, or undefined for a literal the client reads as it is. */
export function slotOf(value: unknown): RuleSlot | undefined {
  if (value === ruleSlots.globs) return "globs";
  if (value === ruleSlots.description) return "description";
  return undefined;
}
