import type { DependencyProvides } from "../dependencies/declaration.js";

/**
 * A plugin host (plugin-hosts/<id>.json, schemas/plugin-host.schema.json): one assistant's package format —
 * its manifest, where each part goes, its path variables, name rules and marketplace. Hosts are data; the
 * registry's `plugin.hosts` chooses them (docs/plugins.md).
 */
export interface PluginHost {
  host: string;
  name: string;
  docs: string[];
  /** The date the facts were last checked against the host's docs and CLI. */
  checked: string;
  /** The half of the seed's `plugin.layout` this host is: its fields override the host's own. */
  seed_layout?: "native" | "portable";
  /** The client pack whose emitted skills, agents, commands, hooks and MCP servers the package carries. */
  client?: string;
  /** The `provides` of a dependency in this host's format: a trusted one's MCP servers and hooks are read by this host's `mcp` and `hooks`. */
  dependency?: Extract<DependencyProvides, `${string}-plugin`>;
  /** Archive in the build folder; hosts naming the same archive share one package folder. */
  package: string;
  /** Hosts this one needs in the same package (it reads their files). */
  requires_hosts?: string[];
  manifest?: HostManifest;
  skills_dir?: string;
  agents_dir?: string;
  commands_dir?: string;
  /** Files of the client pack moved into the package: kinds, the pack folder they leave, the package folder. */
  client_files?: ClientFileMove[];
  hooks?: { file: string; key: string[] };
  mcp?: HostMcp;
  /** Package path of the registry's always-on text (the single_file adapter's file). */
  context_file?: string;
  /** The registry's deny and ask rules as the host's policy file (levels it does not list are left out). */
  policies?: HostPolicies;
  /** Manifest keys filled from values the client pack composes into its settings. */
  settings_to_manifest?: { key: string; from: string[] }[];
  variables: HostVariables;
  names: { plugin: NameRule; skill: NameRule };
  /** Agent Plugins versions this host writes (portable hosts). */
  portable_versions?: PortableVersion[];
  /** Portable manifest `$schema` values this host loads; another in the same package is an error. */
  reads_portable_schemas?: string[];
  /** MCP `type`s of the portable mcp.json this host starts; it skips servers of another type. */
  reads_portable_types?: string[];
  marketplace?: HostMarketplace;
}

export type ClientFileKind = "skill" | "skill-file" | "agent" | "command" | "guard";

export interface ClientFileMove {
  kinds: ClientFileKind[];
  /** A folder of the pack, as a placeholder of its runtime_placeholders ("<SKILLS_DIR>"). */
  from: string;
  /** Package folder; "" is the package root. */
  to: string;
}

/** JSON written with slots: a string that is exactly "{slot}" becomes the slot's value, or is left out. */
export type Template = Record<string, unknown>;

export interface HostManifest {
  path: string;
  template: Template;
  /** Manifest key that holds the MCP servers inline (when the host keeps no MCP file). */
  mcp_key?: string;
  /** Manifest keys naming more of the plugin's files of one kind, and the core/ folder they go to as a dependency. */
  paths?: Record<string, "skills" | "agents" | "commands">;
}

export interface HostMcp {
  /** Package path of the MCP file; absent when the servers sit in the manifest. */
  file?: string;
  key: string[];
  /** Servers rewritten from the package's native host: its transport → this host's `type`. */
  transports?: Record<string, string>;
  /** Fields kept per written `type`. */
  fields?: Record<string, string[]>;
  /** `command` must be one token: a bare program name or a `./` package path. */
  command_token?: boolean;
  /** Variables this host expands in MCP values; another `${NAME}` reaches the server as text. */
  expands_only?: string[];
  /** Environment names a server may not set. */
  reserved_env?: string[];
}

export interface HostPolicies {
  /** Package path of the TOML file. */
  file: string;
  /** The array of tables that holds the rules. */
  table: string;
  /** The decision and priority of each level written; a level not named here is not written. */
  levels: Partial<Record<"deny" | "ask" | "allow", { decision: string; priority: number }>>;
  /** The rule's keys: the tool name(s), a shell command's prefix, an MCP server, the message shown. */
  keys: { tool: string; command: string; server: string; message: string };
}

export interface HostVariables {
  /** Expands to the installed package's folder. */
  root: string;
  /** Expands to the package's writable data folder. */
  data?: string;
  /** The client's project folder variables, as hook commands spell them. */
  project: string[];
  /** The shell must see the root variable inside double quotes (validators refuse it bare). */
  root_quoted?: boolean;
}

export interface NameRule {
  pattern: string;
  max_length: number;
  reserved?: string[];
  /** What the rule is, for the diagnostic. */
  says: string;
}

export interface PortableVersion {
  schema: string;
  mcp_schema: string;
  /** Package folder of the vendored published schemas. */
  vendored: string;
}

export interface HostMarketplace {
  /** File in the build folder. */
  build_file: string;
  /** Where it goes in a marketplace folder, beside the unpacked package at ./<name>. */
  place: string;
  template: Template;
  entry: Template;
}
