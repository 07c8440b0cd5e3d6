import type { PermissionLevel, Verb } from "../../core/model.js";

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
