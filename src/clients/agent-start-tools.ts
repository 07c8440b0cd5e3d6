import type { Verb } from "../core/model.js";
import type { ClientPack, HookMapping } from "./model.js";

/** Tool names by verb, with the pack's agent_start_tools as the verb "agent" when it names them. */
export function agentStartNames(
  pack: ClientPack,
  names: Partial<Record<Verb, string[]>>,
): Partial<Record<Verb, string[]>> {
  return pack.agent_start_tools ? { ...names, agent: pack.agent_start_tools } : names;
}

/** The hooks section whose matchers name the pack's agent_start_tools for the verb "agent". */
export function withAgentStartTools(pack: ClientPack, hooks: HookMapping): HookMapping {
  return pack.agent_start_tools ? { ...hooks, hook_tools: agentStartNames(pack, hooks.hook_tools) } : hooks;
}
