import type { Verb } from "../../core/model.js";
import type { Position } from "../../diagnostics/diagnostic.js";
import type { ItemFolders, ItemPack } from "../shared/items/item-pack.js";
import type { DenyFormat, ListFormat } from "../shared/list-format.js";
import type { PermissionRuleForm, RuleObjectTemplate } from "../shared/permission-rule-form.js";

export interface AgentFrontmatter {
  /** "markdown": frontmatter + body as system prompt; "toml": a TOML file with the body in `body_field`. */
  format: "markdown" | "toml";
  extension: string;
  fields: Partial<Record<"name" | "description" | "model", string>>;
  body_field?: string;
  tools_field: string | null;
  tools_format: ListFormat;
  tool_names: Partial<Record<Verb, string[]>>;
  deny_field?: string | null;
  /** How deny_field holds its tools; absent: tools_format. */
  deny_format?: DenyFormat;
  /**
   * A mode that takes whole kinds of tools away (readonly: true, sandbox_mode =
   * "read-only"): written when an agent's tools include none of `removes`.
   */
  read_only?: {
    field: string;
    value: string | boolean;
    removes: Verb[];
    /** Written only for agents without these verbs either (default: removes); e.g. a sandbox that would also stop commands from writing. */
    only_without?: Verb[];
  };
  /** The agent's own permission rules in its frontmatter; replaces deny_field when set. */
  permissions?: AgentPermissions;
  documented_fields: string[];
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

/** A agent as import reads it from one native file (in the core's terms). */
export interface ReadAgent {
  name: string;
  description?: string;
  tools?: Verb[];
  deny?: Verb[];
  model?: string;
  body: string;
  position: Position;
}

/** The keys of a client pack the agents section reads. */
export interface AgentsPack extends ItemPack {
  agents_dir: string | null;
  agent_frontmatter?: AgentFrontmatter;
  reads?: { agents: ItemFolders };
}
