import type { McpServer } from "../../core/model.js";
import type { Position } from "../../diagnostics/diagnostic.js";
import { type Unfilled, unfill } from "../shared/unfill-template.js";
import type { McpMapping, ReadServer, ServerReading } from "./model.js";

/** A server read back as the core holds it: a remote one of no stated transport is http. */
export function coreServer(server: ReadServer): McpServer {
  if (server.transport === "stdio")
    return { ...server, transport: "stdio", args: server.args ?? [], env: server.env ?? {} };
  const transport = server.transport === "remote" ? "http" : server.transport;
  return { ...server, transport, headers: server.headers ?? {} };
}

/**
 * One client MCP entry → a neutral server, through the pack's stdio or remote template: variables in the
 * client's spelling (`${env:NAME}`, `{env:NAME}`) become `${NAME}`, names handed over by name (a client's
 * env_vars, bearer_token_env_var, env_http_headers) become `${NAME}` values again.
 */
export function reverseServer(
  mapping: McpMapping,
  name: string,
  value: unknown,
  position: Position,
): ServerReading {
  const stdio = first(unfill(mapping.stdio, value));
  const own = clientVariable(mapping, value);
  if (own)
    return {
      problem: `uses ${own}, a variable of the client's own (not an environment variable, which is all the core's \${NAME} is), so the server has no neutral form`,
    };
  if (stdio && !stdio.mismatch && ("command" in stdio.slots || "command_line" in stdio.slots))
    return stdioServer(mapping, name, stdio, position);
  const remote = mapping.remote ? first(unfill(mapping.remote, value)) : undefined;
  if (remote && !remote.mismatch && "url" in remote.slots)
    return remoteServer(mapping, name, remote, position);
  const why = stdio?.mismatch ?? remote?.mismatch ?? "neither a command nor a url";
  return { problem: `the server entry has ${why}` };
}

/** One transport's reading of a server entry whose template matched. */
type ReadTransport = (
  mapping: McpMapping,
  name: string,
  reading: Unfilled,
  position: Position,
) => ServerReading;

const stdioServer: ReadTransport = (mapping, name, { slots, extra }, position) => {
  const line = strings(slots.command_line);
  const command = typeof slots.command === "string" ? slots.command : (line[0] ?? "");
  const args = slots.command_line !== undefined ? line.slice(1) : strings(slots.args);
  const passed = Object.fromEntries(strings(slots.env_vars).map((v) => [v, `\${${v}}`]));
  const env = { ...passed, ...stringMap(slots.env_set), ...stringMap(slots.env) };
  const server: ReadServer = {
    transport: "stdio",
    name,
    command: neutral(mapping, command),
    ...(args.length > 0 ? { args: args.map((a) => neutral(mapping, a)) } : {}),
    ...(Object.keys(env).length > 0 ? { env: mapValues(env, (v) => neutral(mapping, v)) } : {}),
    ...(typeof slots.cwd === "string" ? { cwd: neutral(mapping, slots.cwd) } : {}),
    ...common(slots),
    position,
  };
  return { server, extra };
};

const remoteServer: ReadTransport = (mapping, name, { slots, extra }, position) => {
  const byName = mapValues(stringMap(slots.header_env), (v) => `\${${v}}`);
  const bearer: Record<string, string> =
    typeof slots.bearer_env === "string" ? { Authorization: `Bearer \${${slots.bearer_env}}` } : {};
  const headers = { ...bearer, ...byName, ...stringMap(slots.headers_set), ...stringMap(slots.headers) };
  const transport = slots.transport === "sse" || slots.transport === "http" ? slots.transport : "remote";
  const server: ReadServer = {
    transport,
    name,
    url: neutral(mapping, String(slots.url)),
    ...(Object.keys(headers).length > 0 ? { headers: mapValues(headers, (v) => neutral(mapping, v)) } : {}),
    ...common(slots),
    position,
  };
  return { server, extra };
};

function common(slots: Record<string, unknown>): Pick<ReadServer, "tools" | "timeout" | "description"> {
  return {
    ...(Array.isArray(slots.tools) ? { tools: strings(slots.tools) } : {}),
    ...(typeof slots.timeout === "number" ? { timeout: slots.timeout } : {}),
    ...(typeof slots.description === "string" ? { description: slots.description } : {}),
  };
}

/** The client's variable spelling back to the core's `${NAME}` / `${NAME:-default}`. */
function neutral(mapping: McpMapping, text: string): string {
  let out = text;
  if (mapping.env_reference_default)
    out = out.replace(
      formRegex(mapping.env_reference_default),
      (_, n: string, d: string) => `\${${n}:-${d}}`,
    );
  if (mapping.env_reference)
    out = out.replace(formRegex(mapping.env_reference), (_, n: string) => `\${${n}}`);
  return out;
}

/**
 * The first `${…}` in the entry's strings that is not the pack's spelling of an environment variable, where the
 * pack spells those otherwise (`${env:NAME}`): a variable the client fills itself (`${workspaceFolder}`,
 * `${input:token}`), which the core cannot say. Undefined where the pack's spelling is the core's own `${NAME}`.
 */
function clientVariable(mapping: McpMapping, value: unknown): string | undefined {
  const forms = [mapping.env_reference, mapping.env_reference_default].filter((f): f is string => !!f);
  const dollar = "$" + "{";
  if (!forms.some((f) => f.startsWith(dollar)) || forms.some((f) => f.startsWith(`${dollar}{name}`)))
    return undefined;
  for (const text of stringsIn(value)) {
    const rest = forms.reduce((t, form) => t.replace(formRegex(form), ""), text);
    const found = /\$\{[^}]*\}/.exec(rest);
    if (found) return found[0];
  }
  return undefined;
}

function stringsIn(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(stringsIn);
  if (value !== null && typeof value === "object") return Object.values(value).flatMap(stringsIn);
  return [];
}

function formRegex(form: string): RegExp {
  const escaped = form.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/[{}]/g, (c) => `\\${c}`);
  const named = escaped.replace("\\{name\\}", "([A-Za-z_][A-Za-z0-9_]*)").replace("\\{default\\}", "([^}]*)");
  return new RegExp(named, "g");
}

function first(readings: Unfilled[]): Unfilled | undefined {
  return readings[0];
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
}

function stringMap(value: unknown): Record<string, string> {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return {};
  return Object.fromEntries(
    Object.entries(value).filter((e): e is [string, string] => typeof e[1] === "string"),
  );
}

function mapValues(map: Record<string, string>, f: (v: string) => string): Record<string, string> {
  return Object.fromEntries(Object.entries(map).map(([k, v]) => [k, f(v)]));
}
