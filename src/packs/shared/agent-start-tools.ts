import type { Verb } from "../../core/model.js";

/** Tool names by verb, with the pack's agent_start_tools as the verb "agent" when it names them. */
export function agentStartNames(
  pack: { agent_start_tools?: string[] },
  names: Partial<Record<Verb, string[]>>,
): Partial<Record<Verb, string[]>> {
  return pack.agent_start_tools ? { ...names, agent: pack.agent_start_tools } : names;
}
