import type { OwnedEntry } from "../../compose/model.js";
import {
  type CoreAgent,
  type PermissionLevel,
  type PermissionRule,
  patternKindOf,
  permissionLevels,
  type Verb,
  verbs,
  writtenServerName,
} from "../../core/model.js";
import type { Position } from "../../diagnostics/diagnostic.js";
import { capability } from "../shared/items/emit-context.js";
import type { TreeValue } from "../shared/items/frontmatter.js";
import { ruleText, type ToolListResult } from "../shared/items/tool-lists.js";
import { actionMapEntries, inEvaluationOrder } from "./action-map.js";
import { atomsOf } from "./atoms.js";
import type { AgentPermissions, AgentRuleForm, PermissionsEmitContext } from "./model.js";
import { execArguments, fillRuleObject } from "./rule-objects.js";
import { coreNames, ruleTargets } from "./rule-targets.js";
import { type CoreNames, type RuleTarget, targetText } from "./rule-text.js";

/** Whose rules these are: "agent reviewer" or "skill release", its capability kind, the pack field read. */
export interface PermissionOwner {
  label: string;
  kind: "agent-tools" | "skill-deny";
  basis: string;
}

/** The parts of a core agent or skill that its frontmatter permissions come from. */
type RuleHolder = Pick<CoreAgent, "tools" | "permissions" | "positionOf">;

/** One target of one rule atom, at the level the core gives it. */
interface LeveledTarget {
  level: PermissionLevel;
  target: RuleTarget;
}

/** What one core rule became: the targets written, and each part the client cannot take. */
interface RuleOutcome {
  written: LeveledTarget[];
  lost: string[];
}

/**
 * An agent's deny, ask and allow rules (and, with tools_as_denials, its tools limit) as permission rules in
 * its frontmatter: one capability row per rule, every part the rule form cannot take reported.
 */
export function agentPermissionFields(
  ctx: PermissionsEmitContext,
  agent: CoreAgent,
  permissions: AgentPermissions,
): ToolListResult {
  const owner = {
    label: `agent ${agent.name}`,
    kind: "agent-tools",
    basis: "/agent_frontmatter/permissions",
  } as const;
  return permissionFields(ctx, owner, agent, permissions);
}

/** The same for any owner of permission rules (an agent, a skill). */
export function permissionFields(
  ctx: PermissionsEmitContext,
  owner: PermissionOwner,
  agent: RuleHolder,
  permissions: AgentPermissions,
): ToolListResult {
  const label = owner.label;
  const result: ToolListResult = { fields: [], capabilities: [] };
  // A pack without a rule form is refused when it loads (AGC082), so every agent here has one.
  const form = ruleFormOf(ctx, permissions);
  if (!form) return result;
  const names = coreNames(ctx.pack, ctx.registry.core);
  const written: LeveledTarget[] = [];
  for (const level of permissionLevels)
    for (const rule of agent.permissions[level]) {
      const outcome = ruleOutcome(form, names, level, rule);
      written.push(...outcome.written);
      const promise = promiseOf(label, level, rule);
      result.capabilities.push(...rows(ctx, owner, permissions, form, promise, rule.position, outcome));
    }
  if (permissions.tools_as_denials && agent.tools) {
    const limit = limitOutcome(ctx, form, names, agent.tools, agent.positionOf(["tools"]));
    written.push(...limit.written);
    result.capabilities.push(limitRow(ctx, owner, permissions, form, agent, limit));
  }
  if (written.length > 0)
    result.fields.push([permissions.field, { tree: ruleTree(ctx, permissions, form, names, written) }]);
  return result;
}

/** The agent's own rule form, or the rule form of the pack's project permissions. */
function ruleFormOf(ctx: PermissionsEmitContext, permissions: AgentPermissions): AgentRuleForm | undefined {
  if (permissions.rule_form) return permissions.rule_form;
  const project = ctx.pack.permissions;
  return project ? { ...project, rule_shape: project.rule_shape ?? "lists" } : undefined;
}

function promiseOf(label: string, level: PermissionLevel, rule: PermissionRule): string {
  if (level === "deny") return `${label} may not use ${ruleText(rule)}`;
  if (level === "ask") return `${label} asks before ${ruleText(rule)}`;
  return `${label} may use ${ruleText(rule)} without asking`;
}

function ruleOutcome(
  form: AgentRuleForm,
  names: CoreNames,
  level: PermissionLevel,
  rule: PermissionRule,
): RuleOutcome {
  const outcome: RuleOutcome = { written: [], lost: [] };
  if (form.levels[level] === undefined) {
    outcome.lost.push(`the client has no "${level}" rules`);
    return outcome;
  }
  for (const pattern of atomsOf(rule)) {
    const targets = ruleTargets(form, names, level, rule, pattern);
    if (targets.noTool) outcome.lost.push(targets.noTool);
    for (const { tool, reason } of targets.lost) outcome.lost.push(`${tool}: ${reason}`);
    for (const target of targets.written)
      for (const shaped of shapedTargets(form, rule.verb, target))
        outcome.written.push({ level, target: shaped });
  }
  return outcome;
}

/** The form's own turns: an MCP rule as the argument of its tool, a bare command beside its suffix form. */
function shapedTargets(form: AgentRuleForm, verb: Verb, target: RuleTarget): RuleTarget[] {
  const kind = patternKindOf[verb];
  if (kind === "tools" && form.mcp_argument_of && target.argument === undefined) {
    const coarse = (form.permission_tools[verb] ?? []).includes(target.tool);
    return [coarse ? target : { tool: form.mcp_argument_of, argument: target.tool }];
  }
  const argument = target.argument;
  if (argument === undefined) return [target];
  return execArguments(form, verb, argument).map((a) => ({ tool: target.tool, argument: a }));
}

/** Every verb outside the tools limit denied whole; MCP tools, named per server, by each core server. */
function limitOutcome(
  ctx: PermissionsEmitContext,
  form: AgentRuleForm,
  names: CoreNames,
  tools: Verb[],
  position: Position,
): RuleOutcome & { kept: Verb[] } {
  const outcome: RuleOutcome & { kept: Verb[] } = { written: [], lost: [], kept: [] };
  const servers = [...new Set(ctx.registry.core.mcpServers.map(writtenServerName))];
  for (const verb of verbs.filter((v) => !tools.includes(v))) {
    const whole = ruleOutcome(form, names, "deny", { verb, patterns: [], position });
    const byServer =
      whole.written.length === 0 && patternKindOf[verb] === "tools" && servers.length > 0
        ? ruleOutcome(form, names, "deny", { verb, patterns: servers, position })
        : undefined;
    const used = byServer && byServer.written.length > 0 ? byServer : whole;
    outcome.written.push(...used.written);
    if (used.written.length === 0) outcome.kept.push(verb);
    if (used === byServer)
      outcome.lost.push(`${verb}: only the servers of core/mcp.json (${servers.join(", ")})`);
    else outcome.lost.push(...used.lost.map((reason) => `${verb}: ${reason}`));
  }
  return outcome;
}

function limitRow(
  ctx: PermissionsEmitContext,
  owner: PermissionOwner,
  permissions: AgentPermissions,
  form: AgentRuleForm,
  agent: RuleHolder,
  limit: RuleOutcome & { kept: Verb[] },
) {
  const { label, basis } = owner;
  const promise = `${label} uses only ${(agent.tools ?? []).join(", ")}`;
  const position = agent.positionOf(["tools"]);
  if (limit.written.length === 0)
    return capability(ctx, "agent-tools", promise, position, "cannot", limit.lost.join("; "), basis);
  const written = `every tool of a verb outside the limit is denied in ${permissions.field} (${texts(form, limit.written).join(", ")}); the project's rules still decide the kept tools`;
  return limit.lost.length === 0
    ? capability(ctx, "agent-tools", promise, position, "enforced", written, basis)
    : capability(
        ctx,
        "agent-tools",
        promise,
        position,
        "partial",
        `${written}; ${limit.lost.join("; ")}`,
        basis,
      );
}

function rows(
  ctx: PermissionsEmitContext,
  owner: PermissionOwner,
  permissions: AgentPermissions,
  form: AgentRuleForm,
  promise: string,
  position: Position,
  outcome: RuleOutcome,
) {
  const out = [];
  if (outcome.written.length > 0) {
    const reason = `written as ${texts(form, outcome.written).join(", ")} in ${permissions.field}`;
    out.push(capability(ctx, owner.kind, promise, position, "enforced", reason, owner.basis));
  }
  const partly = outcome.written.length > 0 ? `${promise} (part)` : promise;
  for (const reason of outcome.lost)
    out.push(capability(ctx, owner.kind, partly, position, "cannot", reason, owner.basis));
  return out;
}

/** How the capability rows name what was written: `bash["git push *"] = "deny"`, `Bash(git push *)`. */
function texts(form: AgentRuleForm, written: LeveledTarget[]): string[] {
  const all = written.flatMap(({ level, target }) =>
    form.rule_shape === "action_map"
      ? actionMapEntries({ ...form, key: [] }, level, [target]).texts
      : [`${form.levels[level]} ${targetText(target)}`],
  );
  return [...new Set(all)];
}

/** The written targets in the form's shape, as the frontmatter value under `field`. */
function ruleTree(
  ctx: PermissionsEmitContext,
  permissions: AgentPermissions,
  form: AgentRuleForm,
  names: CoreNames,
  written: LeveledTarget[],
): TreeValue {
  if (form.rule_shape === "action_map") return actionMapTree(ctx, permissions, form, names, written);
  if (form.rule_shape === "rule_objects") return ruleObjects(form, written);
  const lists: Record<string, string[]> = {};
  for (const { level, target } of written) {
    const name = form.levels[level] ?? level;
    const list = lists[name] ?? [];
    lists[name] = list;
    const text = targetText(target);
    if (!list.includes(text)) list.push(text);
  }
  return lists;
}

/**
 * An action map whose later keys win, after the project's: the agent's allow values first and deny values
 * last, and after an agent's allow or ask for a tool the project's stronger values for that tool again,
 * so that an agent never weakens the project's ask or deny.
 */
function actionMapTree(
  ctx: PermissionsEmitContext,
  permissions: AgentPermissions,
  form: AgentRuleForm,
  names: CoreNames,
  written: LeveledTarget[],
): TreeValue {
  const mapping = { ...form, key: [] };
  const entries: OwnedEntry[] = written.flatMap(
    ({ level, target }) => actionMapEntries(mapping, level, [target]).entries,
  );
  if (!permissions.rule_form) entries.push(...strongerProjectEntries(ctx, form, names, written));
  const tree: Record<string, TreeValue> = {};
  for (const { path, value } of inEvaluationOrder(form, entries)) {
    const [tool = "", argument] = path;
    if (argument === undefined) tree[tool] = String(value);
    else {
      const patterns = tree[tool];
      const map = typeof patterns === "object" && !Array.isArray(patterns) ? patterns : {};
      map[argument] = String(value);
      tree[tool] = map;
    }
  }
  return tree;
}

/** The project's values for each tool the agent writes that are stronger than the agent's weakest there. */
function strongerProjectEntries(
  ctx: PermissionsEmitContext,
  form: AgentRuleForm,
  names: CoreNames,
  written: LeveledTarget[],
): OwnedEntry[] {
  const mapping = { ...form, key: [] };
  const weakest = new Map<string, number>();
  for (const { level, target } of written)
    weakest.set(target.tool, Math.max(weakest.get(target.tool) ?? 0, permissionLevels.indexOf(level)));
  return permissionLevels.flatMap((level, strength) =>
    ctx.registry.core.permissions[level].flatMap((rule) =>
      ruleOutcome(form, names, level, rule)
        .written.filter(({ target }) => strength < (weakest.get(target.tool) ?? 0))
        .flatMap(({ target }) => actionMapEntries(mapping, level, [target]).entries),
    ),
  );
}

/** One rule_object per level and tool, its arguments in order; a coarse rule is an object of its own. */
function ruleObjects(form: AgentRuleForm, written: LeveledTarget[]): TreeValue {
  const groups = new Map<string, { level: PermissionLevel; tool: string; args: string[] }>();
  for (const { level, target } of written) {
    const key = JSON.stringify([level, target.tool, target.argument === undefined]);
    const group = groups.get(key) ?? { level, tool: target.tool, args: [] };
    if (target.argument !== undefined && !group.args.includes(target.argument))
      group.args.push(target.argument);
    groups.set(key, group);
  }
  const template = form.rule_object ?? {};
  return [...groups.values()].map(({ level, tool, args }) =>
    fillRuleObject(template, { tool, action: form.levels[level] ?? level, arguments: args }),
  );
}
