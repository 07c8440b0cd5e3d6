import { commandOfRegex } from "../clients/command-regex.js";
import type { PermissionMapping } from "../clients/model.js";
import { type PatternKind, patternKindOf, type Verb, verbs } from "../core/model.js";
import { patternProblem } from "../core/permission-pattern.js";

/** One client permission string read back: a verb, and its neutral pattern when it has one. */
export type PermissionAtom = { verb: Verb; pattern?: string } | { problem: string };

/**
 * `Bash(git push:*)`, `Read(./.env)`, `mcp__issues__create` … through the pack's permission data: the
 * MCP rule forms first, then each verb's tools with the pack's path prefix, exec suffix, domain form and
 * skill prefix taken off. A pattern the core would not accept is a problem, not a rule.
 */
export function reversePermission(
  text: string,
  mapping: PermissionMapping,
  skillPrefix: string,
): PermissionAtom {
  const mcp = mcpAtom(text, mapping);
  if (mcp) return mcp;
  for (const verb of verbs) {
    for (const tool of mapping.permission_tools[verb] ?? []) {
      if (text === tool || text === mapping.permission_coarse_forms?.[tool]) return { verb };
      if (!text.startsWith(`${tool}(`) || !text.endsWith(")")) continue;
      const inner = text.slice(tool.length + 1, -1);
      const pattern = neutralPattern(patternKindOf[verb], inner, mapping, skillPrefix);
      if (pattern === undefined)
        return { problem: "is a regular expression agentc does not write (it writes ^prefix(\\s|$))" };
      return checked(verb, pattern);
    }
  }
  return { problem: "names no tool this client's permission data maps to a verb" };
}

function neutralPattern(
  kind: PatternKind,
  inner: string,
  mapping: PermissionMapping,
  prefix: string,
): string | undefined {
  switch (kind) {
    case "paths":
      return stripStart(inner, mapping.permission_path_prefix);
    case "commands":
      if (mapping.permission_exec_match === "regex") return commandOfRegex(inner);
      return stripEnd(inner, mapping.permission_exec_suffix).replace(/(?:\s\*|\*)$/, "");
    case "domains":
      return unform(inner, mapping.permission_domain_form ?? "{domain}", "{domain}") ?? inner;
    case "names":
      return stripStart(inner, prefix);
    case "tools":
      return inner;
  }
}

function checked(verb: Verb, pattern: string): PermissionAtom {
  const problem = patternProblem(patternKindOf[verb], pattern);
  return problem ? { problem: `its pattern "${pattern}" ${problem}` } : { verb, pattern };
}

/** The pack's MCP rule forms: every tool, then one tool of a server, then a whole server. */
function mcpAtom(text: string, mapping: PermissionMapping): PermissionAtom | undefined {
  const forms = mapping.mcp_permission_rule;
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
