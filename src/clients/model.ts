import type { AgentFrontmatter } from "../packs/agents/model.js";
import type { CommandFormat } from "../packs/commands/model.js";
import type { GuardWiring, HookMapping } from "../packs/hooks/model.js";
import type { ExecPolicy, PermissionMapping } from "../packs/permissions/model.js";
import type { RuleFileFormat, RuleTriggers, TriggerMapping } from "../packs/rules/model.js";
import type { ItemFolder, ItemFolders } from "../packs/shared/items/item-pack.js";
import type { DenyFormat, ListFormat } from "../packs/shared/list-format.js";
import type { SkillFrontmatter } from "../packs/skills/model.js";

export type {
  AgentFrontmatter,
  CommandFormat,
  DenyFormat,
  ItemFolder,
  ItemFolders,
  ListFormat,
  RuleFileFormat,
  RuleTriggers,
  SkillFrontmatter,
  TriggerMapping,
};

import type { McpMapping } from "../packs/mcp/model.js";
import type { OsReadDeny } from "../packs/os-read-deny/model.js";
import type { TrustKey } from "../packs/trust-keys/model.js";
import type { PackFact, VerifiedAgainst } from "./pack-provenance.js";
import type { ClientReads } from "./read-model.js";
import type { UserScope } from "./user-scope.js";

export type { PackFact, VerifiedAgainst } from "./pack-provenance.js";
export type {
  ClientReads,
  InstructionRead,
  ReadModes,
  ReadsInMode,
  RuleAlwaysTest,
  RuleFolderRead,
} from "./read-model.js";
export type { UserScope, UserScopePath, UserScopeRewrite } from "./user-scope.js";

/** How an assistant pulls a file's text into an instruction file: "@<path>", "#[[file:<path>]]". */
export interface InstructionImport {
  form: string;
  /** The assistant ignores the form in code spans and fenced code. */
  outside_code?: boolean;
}

/**
 * A client pack: how one assistant reads the tool-neutral core/ (docs/client-packs.md).
 * Field names follow the seed's client pack where it has one. Keys starting with "_" are notes
 * for people (the seed's `_…_note` convention) and are ignored by the compiler.
 * Paths may use the pack's runtime_placeholders ("<SKILLS_DIR>/x"); null means the client has
 * no such place, and everything the core puts there is reported as not expressible.
 */
export interface ClientPack {
  /** Component id; equal to the rule adapter's id when both exist, so one component holds both. */
  client: string;
  /** Display name of the assistant, used in messages. */
  name: string;
  /** Where the facts in this pack come from (official docs first). */
  docs: string[];
  runtime_dir: string;
  root_instruction_file: string | null;
  instruction_imports?: InstructionImport[];
  /** Settings keys with which a repository votes on its own trust (AGC108). */
  trust_keys?: TrustKey[];
  rules_dir: string | null;
  skills_dir: string | null;
  agents_dir: string | null;
  commands_dir: string | null;
  /** Prepended to the folder/file name of every core skill, agent and command (seed: "fw-"). */
  core_skill_prefix?: string;
  /**
   * The tools that start a subagent (seed 001: "Agent" in the hook envelope, "Task" in permission
   * denials). When set, they are the verb "agent" of the hook matchers and of every deny field.
   */
  agent_start_tools?: string[];
  /** Files the root instruction file imports (placeholders allowed), in the pack's instruction_imports form. */
  root_instruction_imports?: string[];
  /** The numbering scheme of the rules folder: every file there follows one of these prefixes (AGC140). */
  rule_numbering?: RuleNumber[];
  runtime_placeholders: Record<string, string>;
  /** Registry files the pack owns in the project: replaced on every update. */
  shared_core: FileMapping[];
  /** Registry files written once, then the project's (installer seeds). */
  shared_seed: FileMapping[];
  /** What the project may own next to the pack; shown in docs and CAPABILITIES.md. */
  project_owned_hint: string[];
  /** Native places of the client that agentc does not write; `agentc import` reads them (docs/import.md). */
  also_reads?: AlsoReads;
  /** The most characters of always-loaded text the client should carry (default 40,000). */
  always_loaded_limit?: number;
  rule_file?: RuleFileFormat;
  rule_triggers?: RuleTriggers;
  skill_frontmatter?: SkillFrontmatter;
  agent_frontmatter?: AgentFrontmatter;
  command_format?: CommandFormat;
  permissions?: PermissionMapping;
  exec_policy?: ExecPolicy;
  hooks?: HookMapping;
  mcp?: McpMapping;
  guard?: GuardWiring;
  /** The client's own operating-system barrier for reads, the second line behind the guard (docs/guard.md). */
  os_read_deny?: OsReadDeny;
  /** Why the client enforces or cannot express something; keyed by capability, used in CAPABILITIES.md. */
  notes?: Record<string, string>;
  /** What the client loads at session start (src/session-load/); absent: what the pack writes. */
  reads?: ClientReads;
  /** Which client release the pack's facts were checked against, and when. */
  verified?: VerifiedAgainst;
  /** The facts the pack relies on, each with its source and the pack fields it decides. */
  facts?: Record<string, PackFact>;
  /** Where the client reads the person's own files in their home folder (`agentc install --scope user`). */
  user_scope?: UserScope;
}

export interface AlsoReads {
  /** Always-loaded Markdown files besides root_instruction_file (legacy or alternative names). */
  instruction_files?: string[];
  /** Folders of rule files in the rule_file format besides rules_dir; only their top level is read. */
  rule_dirs?: string[];
  /** Folders of skills besides skills_dir that no other assistant writes; reads.skills says how they are read. */
  skill_dirs?: string[];
  /** Folders of agents besides agents_dir (another spelling of the folder); reads.agents says how. */
  agent_dirs?: string[];
  /** Folders of commands besides commands_dir (another spelling of the folder); reads.commands says how. */
  command_dirs?: string[];
  /** Other places of a settings file the pack composes into (`as`), in its format: import reads them as that file. */
  settings_files?: { file: string; as: string }[];
}

/** One prefix of a rules folder's numbering scheme (seed 001: "00-" framework core, "40-" technology packs). */
export interface RuleNumber {
  /** The file name's start; "N" stands for one digit 1-9 ("2N-": 21- to 29-). */
  prefix: string;
  /** The layer of the priority hierarchy, in words. */
  layer: string;
  /** always: must load unconditionally; paths: bound to file patterns; either: both allowed. */
  load: "always" | "paths" | "either";
}

export interface FileMapping {
  /** Registry-relative source path (a file or a folder). */
  src: string;
  /** Project path, placeholders allowed. */
  dst: string;
}
