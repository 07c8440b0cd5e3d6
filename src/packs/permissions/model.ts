import type { PermissionLevel, Verb } from "../../core/model.js";
import type { Position } from "../../diagnostics/diagnostic.js";
import type { ItemEmitContext } from "../shared/items/emit-context.js";
import type { ItemPack } from "../shared/items/item-pack.js";

/**
 * One rule object: string values may be the slots "{tool}", "{action}", "{arguments}" (the rule's patterns
 * as a list) and "{argument}" (one pattern: one object per pattern), the member left out for a coarse rule;
 * a nested object's key may be "{argument_key}".
 */
export type RuleObjectTemplate = Record<string, string | Record<string, string>>;

/** How one core rule becomes the client's: its tools, their arguments, the level names. */
export interface PermissionRuleForm {
  /** Neutral level → the client's list name (the action, for an action map); a missing level cannot be expressed. */
  levels: Partial<Record<PermissionLevel, string>>;
  /** Neutral verb → the client tool names a rule for that verb is written for. */
  permission_tools: Partial<Record<Verb, string[]>>;
  /** Only these tools evaluate a path pattern; a path rule for another tool is reported, not written. */
  permission_path_tools: string[];
  /** Tools whose argument is a name (skills, agents): no path prefix, no exec suffix, exact match. */
  permission_name_tools: string[];
  /** Tools written bare, without an argument (a pattern for them cannot be expressed). */
  permission_tools_bare: string[];
  /** The rule text a coarse rule (the whole verb) is written as, per tool ("Read": "Read(**)"); absent: the bare tool. */
  permission_coarse_forms?: Record<string, string>;
  /** Tools a coarse rule (the whole verb) cannot be written for, with the reason. */
  permission_tools_coarse_lost?: Record<string, string>;
  /** Why no rule of a verb is written, where the client has tools for it that its rules cannot name reliably. */
  permission_verbs_lost?: Partial<Record<Verb, string>>;
  /** Tools the client honours only in some lists (e.g. a tool-name wildcard taken in deny and ask, not allow). */
  permission_tool_levels?: Record<string, PermissionLevel[]>;
  permission_path_prefix: string;
  /**
   * "prefix": the pattern plus permission_exec_suffix matches the command and what follows; "exact": the
   * command only; "regex": the client takes a regular expression over the command line (`^git push(\s|$)`).
   */
  permission_exec_match: "prefix" | "exact" | "regex";
  permission_exec_suffix: string;
  /** "fetch" patterns: "{domain}" slot, e.g. "domain:{domain}". */
  permission_domain_form?: string;
  /** MCP rule forms with "{server}" and "{tool}" slots. */
  mcp_permission_rule?: {
    tool: string;
    server: string;
    all: string;
    /** The client asks before it allows: an ask for every MCP tool stops a tool allowed one by one. */
    ask_beats_allow?: boolean;
  };
}

/**
 * How an agent's permissions.deny, ask and allow (and, with tools_as_denials, its tools limit) are written in
 * its frontmatter: under `field`, in `rule_form` or, without one, in the rule form of the pack's permissions.
 */
export interface AgentPermissions {
  field: string;
  rule_form?: AgentRuleForm;
  /**
   * The tools limit becomes a deny rule for every tool of each verb the agent lacks (for a client whose
   * later rules win, re-allowing the kept tools would undo the project's ask and deny rules for them).
   */
  tools_as_denials?: boolean;
}

/** The rule form of a client that has no project permissions section, or whose agents take another one. */
export interface AgentRuleForm extends PermissionRuleForm {
  /**
   * "lists" and "action_map" as in a permissions section; "rule_objects": a list of `rule_object`s, one per
   * tool and level, with the slots "{tool}", "{action}" and "{arguments}" (a list; left out for a coarse rule).
   */
  rule_shape: "lists" | "action_map" | "rule_objects";
  rule_object?: RuleObjectTemplate;
  /** An MCP rule form ("server/*") is the argument of this tool, not a tool name of its own. */
  mcp_argument_of?: string;
  /** A command rule's suffix form does not match the bare command, so the bare command is written too. */
  permission_exec_bare_too?: boolean;
}

/**
 * Command rules the client checks before it runs a shell command. Core exec rules with a command go there:
 * "lines" (default), one rule a line in a file agentc owns whole; "json_list", one element per rule in the
 * JSON list the level's decision names, composed into a file people may share (docs/client-settings.md).
 */
export interface ExecPolicy {
  /** Install path (placeholders allowed). */
  file: string;
  shape?: "lines" | "json_list";
  /** json_list: key path of the object holding the lists. */
  key?: string[];
  /** lines: what starts a comment line (the generated header). */
  comment?: string;
  /** One rule: {words} the command's words as a JSON list of strings, {command} them joined by a space, {decision} a JSON string. */
  rule: string;
  /** The client's decision (json_list: the list's name) for each core level it has. */
  decisions: Partial<Record<PermissionLevel, string>>;
  /** A rule matches every command that starts with its words. */
  match: "prefix";
  /** Why the rules written here hold only in part; each written rule is then partial and says this. */
  partial_because?: string;
  /** Added to the reason of each rule the policy cannot take (what else the client has for it). */
  otherwise?: string;
}

/** Where and how permission rules are written (seed: permission_tools, permission_path_tools, …). */
export interface PermissionMapping extends PermissionRuleForm {
  file: string;
  format: "json" | "toml";
  /** Key path of the object holding the level lists, e.g. ["permissions"]. */
  key: string[];
  /**
   * "lists" (default): one rule string per element of the level's list. "action_map": an object of
   * tool → {argument pattern → action}, the last matching key winning; `levels` then names the action.
   */
  rule_shape?: "lists" | "action_map" | "rule_objects";
  /**
   * lists: the whole key path of a level's list where it is not `[...key, levels[level]]` (a client that
   * keeps its lists in different objects).
   */
  level_keys?: Partial<Record<PermissionLevel, string[]>>;
  /** rule_objects: one element of the list at `key`, one per rule atom and tool, first match winning. */
  rule_object?: RuleObjectTemplate;
  /** rule_objects: the argument name each tool's pattern is matched against (`Bash` → `cmd`), the `{argument_key}` slot. */
  permission_argument_keys?: Record<string, string>;
  /** A command rule's suffix form does not match the bare command, so the bare command is written too. */
  permission_exec_bare_too?: boolean;
  /** Why a path rule holds only in part (the client matches it elsewhere than the core's project-relative glob). */
  path_rules_partial_because?: string;
  /** Extra values under `key` (e.g. defaultMode) and at the top of the file; composed like the rules. */
  permissions_extra?: Record<string, unknown>;
  settings_extra?: Record<string, unknown>;
  /** Values at whole key paths of the file (a profile's extends), composed like the rules. */
  values_at?: { path: string[]; value: unknown }[];
  /**
   * Values beyond what core/ asks (a policy such as a mode switched off), at whole key paths: written only
   * where targets.json client_policies turns the dotted path on for this client.
   */
  policy_values?: { path: string[]; value: unknown }[];
  /** The extras only serve the rules (a profile that must be selected): without a rule written, none is. */
  extras_only_with_rules?: boolean;
  /** Every value under this key path is composed as one table (TOML takes whole tables and top-level keys). */
  compose_as_table?: string[];
  /** Why the rules written here hold only in part (a front end that does not read the file); each written rule is then partial and says this. */
  partial_because?: string;
}

/** A neutral permission rule read back from a client's file, as core/permissions.json writes it. */
export interface ReadPermission {
  verb: Verb;
  patterns: string[];
  position: Position;
}

/** What the permission readers find: the rules by level, and per client the pack's policy values turned on. */
export interface PermissionsFound {
  permissions: Record<PermissionLevel, ReadPermission[]>;
  /** Per client id, the pack's policy values the project's settings have (targets.json client_policies). */
  policies: Record<string, string[]>;
}

/**
 * The part of a client pack the permissions section reads: its rule form, the name prefix of core skills and
 * agents, and the exec policy that takes the exec rules with a command instead.
 */
export type PermissionsPack = ItemPack & { permissions?: PermissionMapping; exec_policy?: ExecPolicy };

/** What the frontmatter permission emitters of skills and agents read: the pack's rule form, and the core. */
export type PermissionsEmitContext = ItemEmitContext<PermissionsPack>;
