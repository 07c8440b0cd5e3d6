import type { CapabilityPackage, PackageAgents, PackageSkills } from "../capabilities/model.js";
import type { BuiltinChoice } from "../clients/load-client-packs.js";
import type { LoadedClientPack } from "../clients/loaded-client-pack.js";
import type { InstructionImport } from "../clients/model.js";
import type { Core } from "../core/model.js";
import type { DependencyDeclaration, TransitiveSetting } from "../dependencies/declaration.js";
import type { DependencyInput } from "../dependencies/model.js";
import type { Diagnostic, Position } from "../diagnostics/diagnostic.js";
import type { JsonDocument } from "../documents/json-document.js";
import type { NativeCopy } from "./native-copies.js";

export type SourceKind = "custom" | "spec-kit" | "architectural" | "community";

/** Lower number wins when two sources define one slug. */
export const kindPriority: Record<SourceKind, number> = {
  custom: 0,
  "spec-kit": 1,
  architectural: 2,
  community: 3,
};

export interface SourceEntry {
  name: string;
  kind: SourceKind;
  path: string;
  enabled?: boolean;
  url?: string;
  /** Only these adapters write the source's rules; absent: every adapter. */
  adapters?: string[];
}

export interface SourcesConfig {
  version: 1;
  trigger_keys?: string[];
  router_slug?: string;
  depth_slug?: string;
  depth_vocabulary?: string[];
  envelope_slots?: string[];
  sources: SourceEntry[];
  dependencies?: DependencyDeclaration[];
  transitive_dependencies?: TransitiveSetting[];
}

export type RuleField = "scope" | "globs" | "description" | "trigger" | "supersedes";

export interface Rule {
  slug: string;
  title: string;
  /** Registry-relative path of the Markdown file. */
  file: string;
  heading: Position;
  sourceName: string;
  sourceIndex: number;
  kind: SourceKind;
  /** The dependency the rule came from; absent for the registry's own rules, which always win. */
  dependency?: string;
  /** Its source's `adapters`: only these adapters write it; absent: every adapter. */
  adapters?: string[];
  scope: "global" | "scoped";
  globs: string[];
  /** Position of each of globs, when they come from a frontmatter list. */
  globPositions?: Position[];
  description?: string;
  trigger?: string;
  supersedes?: string;
  /** Markdown from the heading line to the next rule, without trailing blank lines. */
  text: string;
  /** Lines of the rule's own frontmatter block, which sit between the heading and text line 1 in the file. */
  ownBlockLines: number;
  fields: Partial<Record<RuleField, Position>>;
}

/**
 * Hashes of earlier shipped versions a seed may be refreshed from: per file, or (seed 000's form) one
 * list for every file of the set.
 */
export type KnownHashes = Record<string, string[]> | string[];

export interface SeedSet {
  source_dir: string;
  install_dir: string;
  files: string[];
  known_hashes?: KnownHashes;
}

/** A seed set as every stage reads it (registry/install-files.ts `seedSets`): known hashes per file. */
export interface NormalSeedSet extends SeedSet {
  known_hashes: Record<string, string[]>;
  /** The JSON path of the set inside its adapter: ["install", "seeds"] or ["install", "seeds", i]. */
  at: (string | number)[];
}

export interface SymlinkSpec {
  link: string;
  target: string;
  fallback?: "copy" | "import";
  import_template?: string;
}

export interface OwnedAsset {
  source: string;
  install: string;
  kind: "text" | "program";
}

/** A file a person may have written that the adapter composes into instead of claiming (docs/installer.md). */
export interface AdoptSpec {
  path: string;
  as: "block" | "import";
  target?: string;
  import_template?: string;
  /** import: compose only while one of these is a person's file (default: `path` itself) */
  when_present?: string[];
}

/** A place the assistant reads only while another place (`unless`) holds no file, or one that holds no text (`hint`). */
export interface UnwrittenPlace {
  path: string;
  unless?: string;
  /** What to do with a file there, where moving its text into AGENTS.md is no answer (an MCP settings file). */
  hint?: string;
}

export interface AdapterInstall {
  adapter_symlinks?: SymlinkSpec[];
  adopt?: AdoptSpec[];
  legacy_cleanup?: string[];
  scaffold_dirs?: string[];
  preserve?: string[];
  seeds?: SeedSet | SeedSet[];
  owned_assets?: OwnedAsset[];
  required?: boolean;
}

export type Slot = "alwaysApply" | "globs" | "globs_yaml" | "globs_csv" | "description" | "slug";

/** The slots an adapter may write verbatim, for frontmatter parsers that are not YAML. */
export type RawSlot = Extract<Slot, "globs_csv" | "description">;

export interface Adapter {
  id: string;
  name?: string;
  readers?: string[];
  notes?: string;
  sources?: string[];
  instruction_imports?: InstructionImport[];
  output_dir?: string;
  extension?: string;
  global_placement?: "single_file" | "pinned_module" | "none";
  pinned_global_name?: string;
  frontmatter?: string | string[];
  raw_slots?: RawSlot[];
  budget_profile?: "global" | "scoped";
  scoped_layout?: "flat" | "per_rule_dir" | "none";
  per_rule_filename?: string;
  skip_globs?: string[];
  /** Places the assistant loads that the adapter writes nothing to: import reports their files. */
  reads_unwritten?: (string | UnwrittenPlace)[];
  scoped_fallback?: "omit" | "fold";
  install?: AdapterInstall;
}

/** A rule that is read but not compiled: another source's rule of the same slug won, or a rule supersedes it. */
export interface DroppedRule {
  rule: Rule;
  /** The rule that won the slug, or the rule that supersedes this one. */
  by: Rule;
  reason: "source-priority" | "source-order" | "supersedes";
  /** What the build reported about it. */
  diagnostic: Diagnostic;
}

/** Where an adapter's definition lives, for diagnostics. */
export interface AdapterOrigin {
  document: JsonDocument;
  /** JSON path of the adapter object inside document. */
  path: (string | number)[];
  builtin: boolean;
}

export interface ResolvedAdapter {
  adapter: Adapter;
  origin: AdapterOrigin;
}

export interface Tool {
  name: string;
  purpose?: string;
  install: string[];
  project_path?: string;
  payload?: string[];
  payload_keep?: string[];
}

export interface RosterBudget {
  owned_words: number;
  vendor_reserve_words?: number;
  roster_glob?: string;
  dead_marker?: string;
}

/** A budget profile's own limits (targets.json budgets.global / .scoped); a limit left out stays the seed's. */
export interface ProfileBudget {
  max_lines?: number;
  max_words?: number;
  reason: string;
}

/** The registry's own budgets where the seed's do not fit (AGC026, AGC090), each with its reason. */
export interface Budgets {
  global?: ProfileBudget;
  scoped?: ProfileBudget;
  /** Per client pack id: the characters it may load into every session. */
  always_loaded?: Record<string, { characters: number; reason: string }>;
}

export interface TrustOverride {
  key: string;
  client?: string;
  reason: string;
}

/** A client limit the registry accepts on purpose (targets.json accepted_losses). */
export interface AcceptedLoss {
  check: string;
  client: string;
  promise?: string;
  reason: string;
}

export interface TargetsConfig {
  version: 1;
  registry_version?: string;
  builtin_adapters?: "all" | "none" | string[];
  /** Which built-in client packs compile core/; default "all" when core/ has content, else "none". */
  builtin_clients?: BuiltinChoice;
  /** The assistants served (assistants/*.json): their built-in adapters and packs, where builtin_* leave the kind open. */
  assistants?: string[];
  /** Client losses accepted on purpose: not counted, marked accepted in the matrix. */
  accepted_losses?: AcceptedLoss[];
  /** true: a loss not accepted is an error. */
  strict_losses?: boolean;
  /** Per client id, the dotted key paths of its pack's policy_values to write; the others are not written. */
  client_policies?: Record<string, string[]>;
  /** Folders the projects keep as links to another folder: link path → the folder it leads to (registry/project-links.ts). */
  project_links?: Record<string, string>;
  /** False: client packs do not wire the secret guard (assets/hooks/agentc-guard.mjs). Default true. */
  secret_guard?: boolean;
  /** Trust keys (client packs' trust_keys) the registry writes on purpose, each with its reason (AGC108). */
  trust_overrides?: TrustOverride[];
  /** The registry's own budgets, each with its reason; absent: the seed's. */
  budgets?: Budgets;
  roster_budget?: RosterBudget;
  publish_rewrites?: [string, string][];
  plugin?: Record<string, unknown>;
  bundle_url?: string;
  targets?: Adapter[];
  tools?: Tool[];
}

/** A loaded registry: everything later stages need, with positions. */
export interface Registry {
  root: string;
  sources: SourcesConfig;
  sourcesDocument: JsonDocument;
  targets: TargetsConfig;
  targetsDocument: JsonDocument;
  adapters: ResolvedAdapter[];
  /** Every rule read, before duplicate and supersedes resolution. */
  allRules: Rule[];
  /** The rules that are compiled, in output order. */
  rules: Rule[];
  /** The rules of allRules that are not compiled, and why (absent in registries made by hand in tests). */
  droppedRules?: DroppedRule[];
  /** Registry files referenced by seeds, owned assets and client packs (shared files, skills' supporting files), keyed by registry-relative path. */
  files: Map<string, Buffer>;
  /** Those of `files` that are executable on disk (skill scripts keep their mode when a pack copies them). */
  executableFiles?: Set<string>;
  /** The tool-neutral core/ (rules, skills, agents, commands, permissions, hooks, MCP servers). */
  core: Core;
  /** The client packs chosen by targets.json, each compiling the core for one assistant. */
  clients: LoadedClientPack[];
  /** The capability packages of capabilities/, in folder-name order (SPEC §3). */
  capabilities: CapabilityPackage[];
  /** The packages' skills in the core model, when a client pack compiles them into a skills folder of its own. */
  packageSkills?: PackageSkills[];
  /** The packages' agents (souls) in the core model, when a client pack has subagents of its own. */
  packageAgents?: PackageAgents[];
  /** The project files the registry was imported from, kept as they were (native.json). */
  natives?: NativeCopy[];
  /** The sources' https urls whose text the build used, with its sha256 (for the SBOM). */
  fetchedSources?: FetchedSource[];
  /** The dependencies that entered this build, pinned by agentc.lock (sources.json `dependencies`). */
  dependencyInputs?: readonly DependencyInput[];
}

/** A source's url whose text the build used: the sha256 of that text. */
export interface FetchedSource {
  name: string;
  url: string;
  sha256: string;
}
