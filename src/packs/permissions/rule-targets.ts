import type { Core, PermissionLevel, PermissionRule, Verb } from "../../core/model.js";
import { patternKindOf } from "../../core/model.js";
import type { PermissionRuleForm } from "./model.js";
import { type CoreNames, mcpRuleText, type RuleTarget, targetText, writePattern } from "./rule-text.js";

/** One tool's form of one rule: the tool and its argument, or why the client cannot take it. */
type ToolForm = RuleTarget | { lost: string };

/** One rule atom in the client's permission rule form: the texts to write, per tool what cannot be written. */
export interface RuleForms {
  written: string[];
  lost: { tool: string; reason: string }[];
  /** Set when the client has no tool for the verb at all. */
  noTool?: string;
}

/** One rule atom per tool of the client: the targets to write, per tool what cannot be written. */
export interface RuleTargets {
  written: RuleTarget[];
  lost: { tool: string; reason: string }[];
  noTool?: string;
}

export function ruleForms(
  mapping: PermissionRuleForm,
  names: CoreNames,
  level: PermissionLevel,
  rule: PermissionRule,
  pattern: string | undefined,
): RuleForms {
  const targets = ruleTargets(mapping, names, level, rule, pattern);
  return { ...targets, written: [...new Set(targets.written.map(targetText))] };
}

export function ruleTargets(
  mapping: PermissionRuleForm,
  names: CoreNames,
  level: PermissionLevel,
  rule: PermissionRule,
  pattern: string | undefined,
): RuleTargets {
  const tools = mapping.permission_tools[rule.verb] ?? [];
  if (tools.length === 0)
    return {
      written: [],
      lost: [],
      noTool:
        mapping.permission_verbs_lost?.[rule.verb] ??
        `the client has no permission tool for the verb "${rule.verb}"`,
    };
  const forms = tools.map((tool) => ({
    tool,
    form:
      (pattern === undefined ? coarseLost(mapping, tool, level) : undefined) ??
      toolForm(mapping, names, rule.verb, tool, pattern),
  }));
  return {
    written: forms.flatMap(({ form }) => ("lost" in form ? [] : [form])),
    lost: forms.flatMap(({ tool, form }) => ("lost" in form ? [{ tool, reason: form.lost }] : [])),
  };
}

/** The names a pack installs core skills and agents under. */
export function coreNames(pack: CoreNames["pack"], core: Core): CoreNames {
  return {
    pack,
    skills: new Set(core.skills.map((s) => s.name)),
    agents: new Set(core.agents.map((a) => a.name)),
  };
}

/** A bare tool the client cannot take for a coarse rule, or ignores in this list (patterned rules have their own form). */
function coarseLost(mapping: PermissionRuleForm, tool: string, level: PermissionLevel): ToolForm | undefined {
  const reason = mapping.permission_tools_coarse_lost?.[tool];
  if (reason !== undefined) return { lost: reason };
  const honoured = mapping.permission_tool_levels?.[tool];
  if (honoured === undefined || honoured.includes(level)) return undefined;
  return { lost: `the client ignores ${tool} in its "${mapping.levels[level]}" list` };
}

function toolForm(
  mapping: PermissionRuleForm,
  names: CoreNames,
  verb: Verb,
  tool: string,
  pattern: string | undefined,
): ToolForm {
  if (pattern === undefined) return { tool: mapping.permission_coarse_forms?.[tool] ?? tool };
  // MCP rules name the server and tool in the client's own rule form, whatever the verb's tool is.
  if (patternKindOf[verb] === "tools") return mcpRuleText(mapping, pattern);
  if (mapping.permission_tools_bare.includes(tool)) {
    return { lost: `${tool} is written bare by this client; it cannot be narrowed to "${pattern}"` };
  }
  const written = writePattern(mapping, { verb, tool, pattern, names });
  return "lost" in written ? written : { tool, argument: written.argument };
}
