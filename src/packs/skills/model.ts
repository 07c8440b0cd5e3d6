import type { Verb } from "../../core/model.js";
import type { Position } from "../../diagnostics/diagnostic.js";
import type { AgentPermissions, PermissionMapping } from "../permissions/model.js";
import type { ItemFolders, ItemPack } from "../shared/items/item-pack.js";
import type { UnmappedField } from "../shared/items/read-fields.js";
import type { ListFormat } from "../shared/list-format.js";

export interface SkillFrontmatter {
  /** Neutral field → client field; a neutral field used by a skill but absent here is reported. */
  fields: Partial<
    Record<
      "name" | "description" | "argument_hint" | "model" | "license" | "compatibility" | "metadata",
      string
    >
  >;
  /** The client field that lists the skill's tools (null: the client has no per-skill tool list). */
  tools_field: string | null;
  tools_format: ListFormat;
  tool_names: Partial<Record<Verb, string[]>>;
  /** Set to `model_invocation_value` when a skill's triggers lack "model" (user-only). */
  model_invocation_field: string | null;
  model_invocation_value?: boolean;
  /** A field that takes the core's triggers list as it is ("user", "model"), written when a skill narrows it. */
  triggers_field?: string | null;
  /** Set to false when a skill's triggers lack "user" (model-only). */
  user_invocation_field?: string | null;
  /** Fed from the coarse verbs of permissions.deny; tool names come from hook_tools when `deny_tools_from` says so. */
  skill_deny_field: string | null;
  deny_tools_from?: "tool_names" | "hook_tools";
  /** What the pack deliberately does not map; each affected skill is reported with this reason. */
  skill_deny_unmapped?: "argument_patterns";
  /**
   * How far a denial written to skill_deny_field holds, one limit each (seed 001's
   * skill_permissions_ersatz: "sie gehoeren zu jeder Nennung dieser Zusage"): every row of such a denial
   * is partial and names them all.
   */
  skill_deny_limits?: string[];
  /**
   * A per-skill pre-approval list (a field such as allowed-tools): the skill's permissions.allow rules, in
   * the pack's permission rule form, are allowed without asking while the skill runs. Absent or null: each
   * allow rule of a skill is reported.
   */
  allow_field?: string | null;
  /**
   * The skill's deny, ask and allow rules as permission rules under one field, as agent_frontmatter.permissions
   * writes an agent's; with it, skill_deny_field and allow_field are not used.
   */
  permissions?: AgentPermissions;
  /** Neutral fields never written (e.g. permissions, triggers). */
  drop_fields: string[];
  /** Frontmatter fields the client documents for skills; an emitted field outside the list is an error. */
  documented_fields: string[];
}

/** A skill as import reads it from one native file (in the core's terms). */
export interface ReadSkill {
  name: string;
  description?: string;
  tools?: Verb[];
  deny?: Verb[];
  /** Pre-approved while the skill runs, as core permission entries (`Exec(git diff)`). */
  allow?: string[];
  /** Only the person starts it (true), or the model may too (false); undefined: the client cannot say. */
  userOnly?: boolean;
  /** Only the model starts it (true), or the person may too (false); undefined: the client cannot say. */
  modelOnly?: boolean;
  model?: string;
  argumentHint?: string;
  license?: string;
  compatibility?: string;
  metadata?: Record<string, string>;
  body: string;
  /** Supporting files: path inside the skill folder → bytes and mode. */
  files: { path: string; bytes: Buffer; executable: boolean }[];
  position: Position;
  /**
   * Frontmatter fields this pack has no neutral place for, said once the readings are merged unless another
   * assistant's reading of the skill carries them (a folder two assistants read, one through a link).
   */
  unmapped?: UnmappedField[];
}

/** The keys of a client pack the skills section reads. */
export interface SkillsPack extends ItemPack {
  /** The tools that start a subagent: the verb "agent" of a deny field (packs/shared/agent-start-tools.ts). */
  agent_start_tools?: string[];
  skills_dir: string | null;
  skill_frontmatter?: SkillFrontmatter;
  reads?: { skills: ItemFolders };
  /** Skill folders besides skills_dir that no other assistant writes (import reads them). */
  also_reads?: { skill_dirs?: string[] };
  /** The hook matchers' tool names, which a skill's deny field takes where `deny_tools_from` says so. */
  hooks?: { hook_tools: Partial<Record<Verb, string[]>> };
  /** The rule form a skill's pre-approvals and permissions are written in (packs/permissions). */
  permissions?: PermissionMapping;
}
