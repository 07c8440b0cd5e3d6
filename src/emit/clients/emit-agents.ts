import { coreItemName } from "../../clients/core-item-name.js";
import type { AgentFrontmatter } from "../../clients/model.js";
import type { CoreAgent } from "../../core/model.js";
import type { Diagnostic } from "../../diagnostics/diagnostic.js";
import { agentStartNames } from "../../packs/shared/agent-start-tools.js";
import { packPath } from "../../packs/shared/placeholders.js";
import { joinPath } from "../../shared/posix-path.js";
import { bodyText, ownedFile } from "./client-file.js";
import {
  capability,
  type EmitContext,
  emptyPart,
  noPlace,
  type PartEmission,
  placeBasis,
} from "./emit-context.js";
import { type Fields, yamlFrontmatter } from "./frontmatter.js";
import { agentPermissionFields } from "./frontmatter-permissions.js";
import { mappedFields } from "./mapped-fields.js";
import { preApprovals } from "./pre-approvals.js";
import { readOnlyMode } from "./read-only-mode.js";
import { tomlFile } from "./toml-file.js";
import { denyList, toolLimit } from "./tool-lists.js";

/** core/agents/<name>.md → <agents_dir>/<prefix><name><extension>, Markdown or TOML. */
export function emitAgents(ctx: EmitContext): PartEmission {
  return emitAgentList(ctx, ctx.registry.core.agents);
}

/** Agents in the core model (from core/ or a capability package's souls), as the pack writes core agents. */
export function emitAgentList(ctx: EmitContext, agents: readonly CoreAgent[]): PartEmission {
  const out = emptyPart();
  const { agents_dir, agent_frontmatter: format } = ctx.pack;
  for (const agent of agents) {
    if (agents_dir === null || !format) {
      const promise = `agent ${agent.name} can be started`;
      out.capabilities.push(
        capability(
          ctx,
          "agent-tools",
          promise,
          agent.positionOf(["name"]),
          "cannot",
          noPlace(ctx, "agents dir"),
          placeBasis("agents dir"),
        ),
      );
      continue;
    }
    const name = coreItemName(ctx.pack, agent.name);
    const path = joinPath(packPath(agents_dir, ctx.pack.runtime_placeholders), `${name}${format.extension}`);
    const named = namedFields(ctx, agent, name, format, out.diagnostics);
    const fields: Fields = [...named, ...toolFields(ctx, agent, format, out)];
    const body = bodyText(ctx, agent.body);
    const text =
      format.format === "toml"
        ? tomlFile(fields, format.body_field ?? "prompt", body)
        : `${yamlFrontmatter(fields)}${body}`;
    out.files.push(ownedFile(ctx, path, text, { kind: "agent", name: agent.name, alwaysLoaded: false }));
  }
  return out;
}

function namedFields(
  ctx: EmitContext,
  agent: CoreAgent,
  name: string,
  format: AgentFrontmatter,
  diagnostics: Diagnostic[],
): Fields {
  const values: [keyof AgentFrontmatter["fields"], string | undefined][] = [
    ["name", name],
    ["description", agent.description],
    ["model", agent.model],
  ];
  return mappedFields(
    ctx,
    { label: `agent ${agent.name}`, source: agent },
    values,
    format.fields,
    diagnostics,
  );
}

function toolFields(ctx: EmitContext, agent: CoreAgent, format: AgentFrontmatter, out: PartEmission): Fields {
  const owner = { label: `agent ${agent.name}`, kind: "agent-tools" as const };
  const fields: Fields = [];
  const permissions = format.permissions;
  const mode = format.tools_field === null ? readOnlyMode(ctx, agent, format) : undefined;
  if (mode) {
    fields.push(...mode.fields);
    out.capabilities.push(...mode.capabilities);
  } else if (agent.tools && !(permissions?.tools_as_denials && format.tools_field === null)) {
    const target = { field: format.tools_field, format: format.tools_format, names: format.tool_names };
    const limit = toolLimit(ctx, owner, agent.tools, agent.positionOf(["tools"]), target);
    fields.push(...limit.fields);
    out.capabilities.push(...limit.capabilities);
  }
  if (permissions) {
    const written = agentPermissionFields(ctx, agent, {
      ...permissions,
      tools_as_denials: permissions.tools_as_denials === true && !mode && format.tools_field === null,
    });
    fields.push(...written.fields);
    out.capabilities.push(...written.capabilities);
    return fields;
  }
  const patternReason = `${ctx.pack.name} has no per-agent field for argument patterns`;
  const target = {
    field: format.deny_field,
    format: format.deny_format ?? format.tools_format,
    names: agentStartNames(ctx.pack, format.tool_names),
    patternReason,
  };
  const deny = denyList(ctx, owner, agent.permissions, target);
  const allow = preApprovals(ctx, owner, agent.permissions.allow, null);
  fields.push(...deny.fields);
  out.capabilities.push(...deny.capabilities, ...allow.capabilities);
  return fields;
}
