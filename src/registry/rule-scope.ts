import type { Rule } from "./model.js";

/**
 * Whether the adapter `id` writes `rule`: a source of sources.json with `adapters` is written by those
 * adapters alone (agentc import scopes the rules of an assistant's own rule folder to its adapter, since no
 * other assistant read them); without it, by every adapter.
 */
export function adapterWrites(id: string, rule: Pick<Rule, "adapters">): boolean {
  return rule.adapters === undefined || rule.adapters.includes(id);
}

/** The rules of `rules` that the adapter `id` writes. */
export function rulesOf(id: string, rules: readonly Rule[]): Rule[] {
  return rules.filter((rule) => adapterWrites(id, rule));
}
