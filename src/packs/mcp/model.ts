import type { Position } from "../../diagnostics/diagnostic.js";
import type { PackBase } from "../section.js";
import type { KeyPath } from "../shared/unfill-template.js";

/** Where MCP servers go, and the shape of one server entry. */
export interface McpMapping {
  file: string;
  format: "json" | "toml";
  /** Key path of the object holding servers by name: ["mcpServers"], ["servers"], ["mcp_servers"]. */
  key: string[];
  /**
   * Server entry templates with slots "{command}", "{args}", "{command_line}" (command and args in
   * one list), "{env}", "{cwd}", "{url}", "{headers}", "{transport}", "{timeout}", "{tools}"; for
   * clients that take variables by name also "{env_vars}" + "{env_set}", "{bearer_env}",
   * "{header_env}" + "{headers_set}" (src/packs/mcp/slots.ts), and "{description}". A core value whose slot the
   * template lacks is reported as lost.
   */
  stdio: Record<string, unknown>;
  remote: Record<string, unknown> | null;
  /**
   * Other spellings of a remote entry the client reads too: import reads them like `remote`, the build writes
   * `remote`. Each says the transport ("{transport}"); an entry that does not is read by `remote` alone.
   */
  remote_read?: Record<string, unknown>[];
  /**
   * An SSE server's entry, where `remote` writes another transport only (an `httpUrl` key): the build
   * writes SSE servers with it. Import reads such entries through `remote_read`, which says the transport.
   */
  remote_sse?: Record<string, unknown>;
  transports: ("stdio" | "http" | "sse")[];
  /**
   * How the client spells an environment variable inside values, with a "{name}" slot ("${{name}}",
   * "${env:{name}}"); absent: the client expands no variables and a placeholder is reported.
   */
  env_reference?: string;
  /** The same with a default, slots "{name}" and "{default}"; absent: a default is reported as lost. */
  env_reference_default?: string;
  /**
   * The fields of a server the client expands variables in; absent: every field. A variable in another is
   * passed on as text, so a server holding one is not written for the client (AGC150).
   */
  env_reference_in?: McpField[];
  /**
   * Fields of a server entry at the value the client takes when the field is absent (`"disabled": false`):
   * import passes them over unreported; the build writes none of them.
   */
  server_defaults?: Record<string, unknown>;
  /**
   * Other files the client reads servers from (a legacy or alternative place), each with what differs from
   * this mapping: import reads their servers as the client's, `agentc loads` lists them; the build writes none.
   */
  also_read?: McpAlsoRead[];
}

/** A file the client also reads servers from: its own key and templates where they differ from the main file's. */
export type McpAlsoRead = { file: string } & Partial<
  Pick<
    McpMapping,
    "format" | "key" | "stdio" | "remote" | "remote_read" | "env_reference" | "env_reference_default"
  >
>;

/** The fields of a server a client may expand variables in (`env_reference_in`). */
export const mcpFields = ["command", "args", "env", "cwd", "url", "headers"] as const;
export type McpField = (typeof mcpFields)[number];

/** A server read back from a client's entry; a remote one is "remote" when the entry does not say which transport. */
export type ReadServer = (
  | { transport: "stdio"; command: string; args?: string[]; env?: Record<string, string> }
  | { transport: "http" | "sse" | "remote"; url: string; headers?: Record<string, string> }
) & {
  name: string;
  /** The name the client files give it, when import had to give it another key (core/mcp.json `name`). */
  nativeName?: string;
  cwd?: string;
  /** The client packs that write it, when not every chosen pack does (core/mcp.json `clients`). */
  clients?: string[];
  tools?: string[];
  timeout?: number;
  description?: string;
  position: Position;
};

export type ServerReading = { server: ReadServer; extra: KeyPath[] } | { problem: string };

/** A server read from a client's file, with what the merge of readings needs. */
export type ImportedServer = ReadServer & {
  /** The client's entry as written, to tell whether another reading would be written like it. */
  written?: unknown;
  /** The client packs whose files had the server (merged across readings). */
  readBy?: string[];
};

/** What the MCP section's reader finds: the servers, in file order. */
export interface McpFound {
  servers: ImportedServer[];
}

/** The part of a client pack the MCP section reads. */
export type McpPack = PackBase & { mcp?: McpMapping };
