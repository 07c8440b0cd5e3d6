import type { CoreAgent } from "../../core/model.js";
import type { Diagnostic } from "../../diagnostics/diagnostic.js";
import { joinPath } from "../../shared/posix-path.js";
import { agentPermissionFields } from "../permissions/frontmatter.js";
import type { PermissionsPack } from "../permissions/model.js";
import { preApprovals } from "../permissions/pre-approvals.js";
import { agentStartNames } from "../shared/agent-start-tools.js";
import { coreItemName } from "../shared/items/core-item-name.js";
import { emptyPart, type ItemEmitContext, type PartEmission } from "../shared/items/emit-context.js";
import { emitItems, type ItemKind, type ItemPlace, itemText } from "../shared/items/emit-items.js";
import { type Fields, fieldsNotWritten } from "../shared/items/frontmatter.js";
import { mappedFields } from "../shared/items/mapped-fields.js";
import { bodyText, ownedFile } from "../shared/items/owned-file.js";
import { denyList, toolLimit } from "../shared/items/tool-lists.js";
import type { AgentFrontmatter, AgentsPack } from "./model.js";
import { readOnlyMode } from "./read-only-mode.js";

/**
 * What the section's emitter reads: its keys, the rule form of the pack's permissions, and the other packs
 * that read an agents folder through a link the projects keep (targets.json project_links).
 */
type Ctx = ItemEmitContext<AgentsPack & PermissionsPack> & {
  linkedReaders?(kind: "agents", folder: string): readonly (AgentsPack & PermissionsPack)[];
};

/** core/agents/<name>.md → <agents_dir>/<prefix><name><extension>, Markdown or TOML. */
export function emitAgents(ctx: Ctx): PartEmission {
  return emitAgentList(ctx, ctx.registry.core.agents);
}

/** Agents in the core model (from core/ or a capability package's souls), as the pack writes core agents. */
export function emitAgentList(ctx: Ctx, agents: readonly CoreAgent[]): PartEmission {
  return emitItems(ctx, agents, agentKind);
}

const agentKind: ItemKind<CoreAgent, AgentFrontmatter, Ctx> = {
  place: "agents dir",
  placeOf: (pack) => ({ dir: pack.agents_dir, format: pack.agent_frontmatter }),
  unplaced: (agent) => ({
    kind: "agent-tools",
    promise: `agent ${agent.name} can be started`,
    source: agent.positionOf(["name"]),
  }),
  write: writeAgent,
};

function writeAgent(
  ctx: Ctx,
  agent: CoreAgent,
  { dir, format }: ItemPlace<AgentFrontmatter>,
  out: PartEmission,
): void {
  const name = coreItemName(ctx.pack, agent.name);
  const path = joinPath(dir, `${name}${format.extension}`);
  const named = namedFields(ctx, agent, name, format, out.diagnostics);
  const fields: Fields = [...named, ...toolFields(ctx, agent, format, out)];
  fields.push(...linkedReadersFields(ctx, agent, name, { dir, format }, fields));
  const text = itemText(format, fields, bodyText(ctx, agent.body));
  out.files.push(ownedFile(ctx, path, text, { kind: "agent", name: agent.name, alwaysLoaded: false }));
}

/**
 * The fields of the packs reading `dir` through a link of the project that read agents in the same form
 * (Markdown, the same extension), each not written yet, as each would write them: every reader gives the
 * agent its tools and model. What a reader cannot express is its own pack's loss, reported where it writes.
 */
function linkedReadersFields(
  ctx: Ctx,
  agent: CoreAgent,
  name: string,
  { dir, format }: ItemPlace<AgentFrontmatter>,
  written: Fields,
): Fields {
  const theirs = (ctx.linkedReaders?.("agents", dir) ?? []).map((pack) => {
    const own = pack.agent_frontmatter;
    if (!own || own.format !== format.format || own.extension !== format.extension) return [];
    const reader = { ...ctx, pack };
    return [...namedFields(reader, agent, name, own, []), ...toolFields(reader, agent, own, emptyPart())];
  });
  return fieldsNotWritten(written, theirs);
}

function namedFields(
  ctx: Ctx,
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

function toolFields(ctx: Ctx, agent: CoreAgent, format: AgentFrontmatter, out: PartEmission): Fields {
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
