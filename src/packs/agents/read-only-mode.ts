import { type CoreAgent, verbs } from "../../core/model.js";
import { capability, type ItemEmitContext } from "../shared/items/emit-context.js";
import type { ToolListResult } from "../shared/items/tool-lists.js";
import type { AgentFrontmatter } from "./model.js";

/**
 * An agent whose tools take nothing the pack's read-only mode removes gets the mode written. The tool limit
 * is enforced when the mode leaves no verb the agent lacks, and partial otherwise: the mode blocks what it
 * takes away, and the reason names what stays.
 */
export function readOnlyMode(
  ctx: ItemEmitContext,
  agent: CoreAgent,
  format: AgentFrontmatter,
): ToolListResult | undefined {
  const mode = format.read_only;
  const tools = agent.tools;
  const excluded = [...(mode?.removes ?? []), ...(mode?.only_without ?? [])];
  if (!mode || !tools || tools.some((verb) => excluded.includes(verb))) return undefined;
  const label = `agent ${agent.name}`;
  const source = agent.positionOf(["tools"]);
  const written =
    format.format === "toml"
      ? `${mode.field} = ${JSON.stringify(mode.value)}`
      : `${mode.field}: ${String(mode.value)}`;
  const removes = mode.removes.join(", ");
  const basis = "/agent_frontmatter/read_only";
  const left = verbs.filter((verb) => !tools.includes(verb) && !mode.removes.includes(verb));
  const limit = `${label} uses only ${tools.join(", ")}`;
  const reason = `written as ${written}, which takes away ${removes}`;
  const [level, why] =
    left.length === 0
      ? (["enforced", reason] as const)
      : (["partial", `${reason}; ${left.join(", ")} stay`] as const);
  return {
    fields: [[mode.field, mode.value]],
    capabilities: [capability(ctx, "agent-tools", limit, source, level, why, basis)],
  };
}
