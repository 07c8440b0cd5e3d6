import { type PatternKind, patternKindOf, type Verb, verbs } from "../../core/model.js";
import { patternProblem } from "../../core/permission-pattern.js";
import { coreItemName } from "../shared/items/core-item-name.js";
import { commandOfRegex, commandRegex } from "./command-regex.js";
import type { PermissionRuleForm } from "./model.js";

/** Core skill and agent names, which the pack writes with its prefix. */
export interface CoreNames {
  pack: { core_skill_prefix?: string };
  skills: Set<string>;
  agents: Set<string>;
}

/** One tool of the client a rule is written for, and the argument pattern it is narrowed to. */
export interface RuleTarget {
  tool: string;
  argument?: string;
}

/** A written argument, or why the tool cannot take the pattern. */
type Written = { argument: string } | { lost: string };

/** One pattern of a rule of `verb`, written for one of its tools. */
interface PatternUse {
  verb: Verb;
  tool: string;
  pattern: string;
  names: CoreNames;
}

/**
 * How a core pattern of one kind is written as the argument of a client tool, and how a written argument
 * reads back. Emit (rule-targets.ts) and import (readRuleText below) both go through this one table.
 */
interface PatternForm {
  write(form: PermissionRuleForm, use: PatternUse): Written;
  /** The pattern an argument stands for; undefined when the client would not have written it so. */
  read(form: PermissionRuleForm, argument: string, prefix: string): string | undefined;
}

const patternForms: Record<Exclude<PatternKind, "tools">, PatternForm> = {
  paths: {
    write: (form, { tool, pattern }) =>
      form.permission_path_tools.includes(tool)
        ? { argument: `${form.permission_path_prefix}${pattern}` }
        : { lost: `the client accepts ${tool}(${pattern}) but never consults it` },
    read: (form, argument) => stripStart(argument, form.permission_path_prefix),
  },
  // A command prefix as the client matches it: with its suffix, alone, or as a regular expression.
  commands: {
    write: (form, { pattern }) => {
      switch (form.permission_exec_match) {
        case "prefix":
          return { argument: `${pattern}${form.permission_exec_suffix}` };
        case "exact":
          return { argument: pattern };
        case "regex":
          return { argument: commandRegex(pattern) };
      }
    },
    read: (form, argument) =>
      form.permission_exec_match === "regex"
        ? commandOfRegex(argument)
        : stripEnd(argument, form.permission_exec_suffix).replace(/(?:\s\*|\*)$/, ""),
  },
  domains: {
    write: (form, { pattern }) => ({ argument: domainForm(form).split("{domain}").join(pattern) }),
    read: (form, argument) => unform(argument, domainForm(form), "{domain}") ?? argument,
  },
  // A core skill or agent is installed under the pack's prefix, and the client compares names literally.
  names: {
    write: (form, { verb, tool, pattern, names }) =>
      form.permission_name_tools.includes(tool)
        ? { argument: prefixedName(names, verb, pattern) }
        : { lost: `${tool} takes no skill or agent name in this client's rules` },
    read: (_, argument, prefix) => stripStart(argument, prefix),
  },
};

/** A patterned rule's argument for one tool of its verb (MCP rules excepted: see mcpRuleText). */
export function writePattern(form: PermissionRuleForm, use: PatternUse): Written {
  const kind = patternKindOf[use.verb];
  if (kind === "tools") return { lost: "an MCP rule is written whole, in the client's MCP rule form" };
  return patternForms[kind].write(form, use);
}

/** "server", "server/*" and "server/tool" in the client's MCP rule form, whatever the verb's tool is. */
export function mcpRuleText(form: PermissionRuleForm, pattern: string): { tool: string } | { lost: string } {
  const forms = form.mcp_permission_rule;
  if (!forms) return { lost: "the client has no permission rule form for MCP tools" };
  const [server = "", tool] = pattern.split("/");
  const written = tool === undefined || tool === "*" ? forms.server : forms.tool;
  return {
    tool: written
      .split("{server}")
      .join(server)
      .split("{tool}")
      .join(tool ?? ""),
  };
}

/** A rule target as the client's rule string: `Tool` or `Tool(argument)`. */
export function targetText({ tool, argument }: RuleTarget): string {
  return argument === undefined ? tool : `${tool}(${argument})`;
}

/** One client permission string read back: a verb, and its neutral pattern when it has one. */
export type PermissionAtom = { verb: Verb; pattern?: string } | { problem: string };

/**
 * `Bash(git push:*)`, `Read(./.env)`, `mcp__issues__create` … read back through the same forms emit
 * writes with: the MCP rule forms first, then each verb's tools (`Tool`, its coarse form, or
 * `Tool(argument)` with the argument read by the verb's pattern form). A pattern the core would not
 * accept is a problem, not a rule.
 */
export function readRuleText(text: string, form: PermissionRuleForm, skillPrefix: string): PermissionAtom {
  const mcp = readMcpRuleText(text, form);
  if (mcp) return mcp;
  for (const verb of verbs) {
    for (const tool of form.permission_tools[verb] ?? []) {
      if (text === tool || text === form.permission_coarse_forms?.[tool]) return { verb };
      if (!text.startsWith(`${tool}(`) || !text.endsWith(")")) continue;
      const argument = text.slice(tool.length + 1, -1);
      const kind = patternKindOf[verb];
      const pattern = kind === "tools" ? argument : patternForms[kind].read(form, argument, skillPrefix);
      if (pattern === undefined)
        return { problem: "is a regular expression agentc does not write (it writes ^prefix(\\s|$))" };
      // an argument that stands for every argument (`Bash(*)`, `Bash(:*)`) is the tool itself
      if (pattern === "") return /^[\s:*]+$/.test(argument) ? { verb } : { problem: "has an empty pattern" };
      return checked(verb, pattern);
    }
  }
  return { problem: "names no tool this client's permission data maps to a verb" };
}

function checked(verb: Verb, pattern: string): PermissionAtom {
  const problem = patternProblem(patternKindOf[verb], pattern);
  return problem ? { problem: `its pattern "${pattern}" ${problem}` } : { verb, pattern };
}

/** The pack's MCP rule forms read back: every tool, then one tool of a server, then a whole server. */
function readMcpRuleText(text: string, form: PermissionRuleForm): PermissionAtom | undefined {
  const forms = form.mcp_permission_rule;
  if (!forms) return undefined;
  if (text === forms.all) return { verb: "mcp" };
  const match = templateRegex(forms.tool).exec(text);
  if (match?.groups?.server && match.groups.tool)
    return checked(
      "mcp",
      match.groups.tool === "*" ? match.groups.server : `${match.groups.server}/${match.groups.tool}`,
    );
  const server = unform(text, forms.server, "{server}");
  return server === undefined ? undefined : checked("mcp", server);
}

function prefixedName(names: CoreNames, verb: Verb, name: string): string {
  const core = verb === "skill" ? names.skills : names.agents;
  return core.has(name) ? coreItemName(names.pack, name) : name;
}

function domainForm(form: PermissionRuleForm): string {
  return form.permission_domain_form ?? "{domain}";
}

/** The slot's value when `text` has the form's shape, else undefined. */
function unform(text: string, form: string, slot: string): string | undefined {
  const [before = "", after = ""] = form.split(slot);
  if (!form.includes(slot) || !text.startsWith(before) || !text.endsWith(after)) return undefined;
  const value = text.slice(before.length, text.length - after.length);
  return value === "" ? undefined : value;
}

function templateRegex(form: string): RegExp {
  const escaped = form.replace(/[.*+?^$()|[\]\\]/g, "\\$&");
  const pattern = escaped.replace("{server}", "(?<server>[^:()]+?)").replace("{tool}", "(?<tool>.+)");
  return new RegExp(`^${pattern}$`);
}

function stripStart(text: string, prefix: string): string {
  return prefix !== "" && text.startsWith(prefix) ? text.slice(prefix.length) : text;
}

function stripEnd(text: string, suffix: string): string {
  return suffix !== "" && text.endsWith(suffix) ? text.slice(0, -suffix.length) : text;
}
