import type { LoadTrigger, PermissionLevel, Verb } from "../core/model.js";
import type { GuardWiring, HookMapping } from "../packs/hooks/model.js";
import type { McpMapping } from "../packs/mcp/model.js";

/** A settings key that lets a repository vote on its own trust (docs/client-settings.md, AGC108). */
export interface TrustKey {
  id: string;
  /** Project path or glob of the settings file, with runtime placeholders. */
  file: string;
  /** Key path; "*" is any key or element, "\\*" the key "*" itself. */
  key: string[];
  /** Only this value counts; absent (and no `matches`): any value. */
  equals?: unknown;
  /** Only string values matching this regular expression count. */
  matches?: string;
  why: string;
}

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

/**
 * The client's user level (docs/user-scope.md): each project path the pack's component installs, mapped to the
 * path below the person's home folder where the client reads it; a path no entry maps is not installed there
 * (reported as the client's loss at user level).
 */
export interface UserScope {
  paths: UserScopePath[];
  /** Text in the component's composed values that names the project, and what names the home folder instead. */
  rewrites?: UserScopeRewrite[];
  /**
   * The client's folder in the home folder: when it exists, the client gets the `shared` files it reads by itself
   * (AGENTS.md) even when the bundle has no component of its own for it, as it reads a project's AGENTS.md.
   */
  detect?: string;
}

export interface UserScopePath {
  /** A project path: a file, or a folder ending in "/" (every path below it). */
  project: string;
  /** The path below the home folder: a file, or a folder ending in "/" when `project` is one. */
  user: string;
  /** Also take this path from another chosen component (the AGENTS.md of the rule adapter), as this one's. */
  shared?: boolean;
}

export interface UserScopeRewrite {
  project: string;
  user: string;
}

/**
 * Whether the client can refuse reads at the operating-system level (its sandbox), and what agentc
 * writes for it. One of: `write` (values composed into a settings file when the registry denies reads),
 * `through: "permissions"` (the read rules of `permissions` are that barrier), `not_written_because`
 * (the client has one that a project cannot switch on) or `none_because` (it has none).
 */
export interface OsReadDeny {
  /** What the client calls it ("sandbox", "tool sandboxing"). */
  name?: string;
  write?: OsReadDenyWrite;
  through?: "permissions";
  /** Why what agentc writes holds only in part (commands outside the sandbox, a missing tool). */
  partial_because?: string;
  not_written_because?: string;
  none_because?: string;
}

/** The values that switch a client's sandbox on and the lists of paths it refuses to read. */
export interface OsReadDenyWrite {
  file: string;
  format: "json" | "toml";
  /** Values at whole key paths that switch it on (`sandbox.enabled: true`). */
  values_at: { path: string[]; value: unknown }[];
  /** The list of paths it refuses to read; absent: it takes none, and covers only what its own list names. */
  deny_key?: string[];
  /** The list of paths it reads again inside a refused region (the guard's .env templates). */
  allow_key?: string[];
  /** How a path is written, `{path}` its slot: under the project root, in any folder of it, under the home folder. */
  path_forms?: { project: string; anywhere: string; home: string };
}

/** The release of the client a pack was last checked against (CAPABILITIES.md names it per column). */
export interface VerifiedAgainst {
  /** YYYY-MM-DD. */
  date: string;
  /** How: running the client's own CLI, reading its shipped source, or its documentation only. */
  how: "cli" | "source" | "docs";
  /** The client version checked, when it has one ("2.1.332"). */
  version?: string;
  /** The npm package of the client's CLI, for `npm run formats:check`. */
  package?: string;
}

/** One fact about the client, where it was read or observed, and which pack fields it decides. */
export interface PackFact {
  claim: string;
  /** An https URL, "cli <package>@<version>: <what was run>", "source <package>@<version>: <file>" or "formats.md §…". */
  source: string;
  /** YYYY-MM-DD. */
  verified: string;
  /** The client versions the fact holds for, when it changed between releases (">=2.1.277"). */
  versions?: string;
  /** JSON pointers into the pack ("/skills_dir", "/hooks/events") whose values this fact decides. */
  for: string[];
}

/**
 * The client's read model: every place it loads from a project at session start, in the order it reads
 * them, and what it loads only once. Evaluated over a tree of files by src/session-load/.
 */
export interface ClientReads {
  instructions: InstructionRead[];
  /** The client expands its instruction_imports inside the instruction files it reads, this deep. */
  imports?: { max_depth: number };
  /** What the client loads only once: a link to a file it loaded, a file whose text it loaded, a file it imported. */
  loads_once: ("links" | "identical-files" | "imports")[];
  rules: RuleFolderRead[];
  skills: ItemFolders;
  agents: ItemFolders;
  commands: ItemFolders;
  /** MCP server lists, in order; `first` when the client reads only the first that exists. */
  mcp: { files: string[]; pick: "all" | "first" };
  settings: string[];
  /** A settings value that switches what the client reads; the model above is its default value's. */
  modes?: ReadModes;
}

/** A read-model switch: where a settings value is, and what each value other than the default reads. */
export interface ReadModes {
  setting: {
    /** JSON files, the first that holds a value wins; "~/" is the person's home folder. */
    files: string[];
    /** Key paths inside a file, tried in order. */
    keys: string[][];
    /** Settings files where the value is not read (it changes nothing there). */
    ignored_files?: string[];
  };
  default: string;
  values: Record<string, ReadsInMode>;
}

/** The parts of the read model one value of a switch replaces. */
export interface ReadsInMode {
  instructions?: InstructionRead[];
  rules?: RuleFolderRead[];
}

export interface InstructionRead {
  path: string;
  /** The file is read only when none of these exists (a fallback). */
  unless?: string[];
  /** The first client version that reads it, when it is new. */
  since?: string;
}

/** A rule folder: its files with the extension, and when a file loads at every session start. */
export interface RuleFolderRead {
  dir: string;
  extension: string;
  /** "every-file", or frontmatter tests that must all hold (a field missing, or equal to a value). */
  always_when: "every-file" | RuleAlwaysTest[];
  /** False: only the folder's own files, not those of its subfolders (default true). */
  recursive?: boolean;
  /** The frontmatter field holding a conditional rule's globs (a list or a comma string). */
  globs_field?: string;
}

export interface RuleAlwaysTest {
  field: string;
  /** True: the field is absent (or there is no frontmatter). */
  absent?: boolean;
  equals?: string | boolean;
  /** With equals: a file without the field loads always too. */
  or_absent?: boolean;
}

/** Folders of items listed by name, in the order the client reads them. */
export interface ItemFolders {
  dirs: ItemFolder[];
  /** first: one item per name, the first folder wins; all: every copy is loaded. */
  same_name: "first" | "all";
}

/** One folder a client lists items from, and what it makes of items in its subfolders (default: nothing). */
export interface ItemFolder {
  dir: string;
  extension?: string;
  subfolders?: "top" | "search" | "flatten" | "namespace";
}

export interface AlsoReads {
  /** Always-loaded Markdown files besides root_instruction_file (legacy or alternative names). */
  instruction_files?: string[];
  /** Folders of rule files in the rule_file format besides rules_dir; only their top level is read. */
  rule_dirs?: string[];
  /** Folders of skills besides skills_dir that no other assistant writes; reads.skills says how they are read. */
  skill_dirs?: string[];
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

export interface RuleFileFormat {
  /** ".md", ".mdc", ".instructions.md". */
  extension: string;
  /** Frontmatter fields the client documents for rule files; anything else emitted is an error. */
  documented_fields: string[];
}

/**
 * How a neutral load trigger becomes the client's frontmatter. A trigger missing from `map` fails
 * the build at the rule that uses it — never silently dropped.
 */
export interface RuleTriggers {
  /** How `{globs}` is written: a YAML list, a comma-separated string, or one string per glob joined by ",". */
  globs_format: "list" | "csv";
  /**
   * Fields written unquoted on one line (Cursor's .mdc reader takes values raw and keeps quotes as
   * part of the value). `{globs}` in such a field is one comma list with brace groups expanded; a
   * value that cannot stay on one unquoted line is reported and the field left out.
   */
  raw_fields?: string[];
  /** What the client assumes for a frontmatter field a rule file leaves out (`agentc import` fills them in). */
  default_fields?: Record<string, string | boolean | number>;
  map: Partial<Record<LoadTrigger, TriggerMapping>>;
}

export interface TriggerMapping {
  /** Frontmatter fields to write; string values may be the slots "{globs}" and "{description}". */
  fields: Record<string, string | boolean | number>;
  /** When the client loads the rule differently from the promise (e.g. model_decision → always): said as a warning/info. */
  deviation?: { severity: "warning" | "info"; message: string };
}

export type ListFormat = "csv" | "list" | "space";

/** How a per-item deny field holds its tools: a list format, or "deny_map" (tool → "deny"). */
export type DenyFormat = ListFormat | "deny_map";

export interface SkillFrontmatter {
  /** Neutral field → client field; a neutral field used by a skill but absent here is reported. */
  fields: Partial<
    Record<"name" | "description" | "argument_hint" | "model" | "license" | "metadata", string>
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

export interface CommandFormat {
  format: "markdown" | "toml";
  extension: string;
  fields: Partial<Record<"description" | "argument_hint" | "model", string>>;
  body_field?: string;
  /**
   * How the client spells "the arguments" in a prompt; replaces the neutral $ARGUMENTS. null: the client
   * has no placeholder, so a command whose body uses $ARGUMENTS is reported and not written.
   */
  arguments_placeholder: string | null;
  documented_fields: string[];
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
