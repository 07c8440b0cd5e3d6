import type { Verb } from "../../core/model.js";
import type { Position } from "../../diagnostics/diagnostic.js";
import type { AgentPermissions } from "../permissions/model.js";
import type { ItemFolders, ItemPack } from "../shared/items/item-pack.js";
import type { UnmappedField } from "../shared/items/read-fields.js";
import type { DenyFormat, ListFormat } from "../shared/list-format.js";

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

/** A agent as import reads it from one native file (in the core's terms). */
export interface ReadAgent {
  name: string;
  description?: string;
  tools?: Verb[];
  deny?: Verb[];
  model?: string;
  body: string;
  position: Position;
  /** Frontmatter fields this pack has no neutral place for, said once merged (as ReadSkill.unmapped). */
  unmapped?: UnmappedField[];
}

/** The keys of a client pack the agents section reads. */
export interface AgentsPack extends ItemPack {
  /** The tools that start a subagent: the verb "agent" of a deny field (packs/shared/agent-start-tools.ts). */
  agent_start_tools?: string[];
  agents_dir: string | null;
  agent_frontmatter?: AgentFrontmatter;
  reads?: { agents: ItemFolders };
  /** Agent folders besides agents_dir the client reads (import reads them). */
  also_reads?: { agent_dirs?: string[] };
}
