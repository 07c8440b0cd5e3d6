import { holdsPlaceholder, malformedPlaceholders } from "../../core/mcp-placeholders.js";
import type { McpServer } from "../../core/model.js";
import type { Position } from "../../diagnostics/diagnostic.js";
import { type Unfilled, unfill } from "../shared/unfill-template.js";
import { type McpMapping, mcpFields, type ReadServer, type ServerReading } from "./model.js";
import { readSlots } from "./slots.js";

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
    return withPlaceholdersExpanded(
      mapping,
      withWellFormedPlaceholders(stdioServer(mapping, name, stdio, position)),
    );
  const written = mapping.remote ? first(unfill(mapping.remote, value)) : undefined;
  const others = (mapping.remote_read ?? []).map((template) => first(unfill(template, value)));
  const readsUrl = (r: Unfilled | undefined): r is Unfilled =>
    r !== undefined && !r.mismatch && "url" in r.slots;
  // another spelling counts only where the entry says its transport: a bare url is the written form's to read
  const remote = [written, ...others.filter((r) => r && "transport" in r.slots)].find(readsUrl);
  if (remote)
    return withPlaceholdersExpanded(
      mapping,
      withWellFormedPlaceholders(remoteServer(mapping, name, remote, position)),
    );
  if (others.some(readsUrl))
    return {
      problem:
        "has a url but names no transport (the client guesses one), a form of remote entry the pack does not read",
    };
  const why = stdio?.mismatch ?? (written ?? others[0])?.mismatch ?? "neither a command nor a url";
  return { problem: `has ${why}` };
}

/**
 * A server whose values, in the core's spelling, hold a `${` that opens no `${NAME}` or `${NAME:-default}`
 * (a project's `${NAME:100}`) has no neutral form: the build would refuse it (AGC070), so it stays the
 * project's own, as its assistant reads it today.
 */
function withWellFormedPlaceholders(reading: ServerReading): ServerReading {
  if ("problem" in reading) return reading;
  const { position: _, name: __, ...values } = reading.server;
  const [bad] = stringsIn(values).flatMap(malformedPlaceholders);
  if (bad === undefined) return reading;
  return {
    problem: `holds "${bad}", which is no placeholder of the form \${NAME} or \${NAME:-default} that agentc can carry to other assistants`,
  };
}

/**
 * A server with a placeholder in a field the client does not expand (`env_reference_in`: args, for one client) reaches it
 * as text there, which the core cannot say: it has no neutral form, and stays the project's own.
 */
function withPlaceholdersExpanded(mapping: McpMapping, reading: ServerReading): ServerReading {
  if ("problem" in reading || !mapping.env_reference_in) return reading;
  const fields = reading.server as unknown as Record<string, unknown>;
  const literal = mcpFields
    .filter((field) => !mapping.env_reference_in?.includes(field))
    .find((field) => stringsIn(fields[field]).some(holdsPlaceholder));
  if (!literal) return reading;
  return {
    problem: `holds a \${NAME} in its ${literal}, which the client passes on as written (it expands variables in ${mapping.env_reference_in.join(", ")} only), so the server has no neutral form`,
  };
}

/** One transport's reading of a server entry whose template matched, through the slots (./slots.ts). */
type ReadTransport = (
  mapping: McpMapping,
  name: string,
  reading: Unfilled,
  position: Position,
) => ServerReading;

const stdioServer: ReadTransport = (mapping, name, { slots, extra }, position) => {
  const {
    command,
    args,
    env,
    cwd,
    transport: _,
    url: __,
    headers: ___,
    ...common
  } = readSlots(slots, false, (text) => neutral(mapping, text));
  const server: ReadServer = {
    transport: "stdio",
    name,
    command: command ?? "",
    ...(args && args.length > 0 ? { args } : {}),
    ...(env && Object.keys(env).length > 0 ? { env } : {}),
    ...(cwd !== undefined ? { cwd } : {}),
    ...common,
    position,
  };
  return { server, extra };
};

const remoteServer: ReadTransport = (mapping, name, { slots, extra }, position) => {
  const {
    url,
    headers,
    transport,
    command: _,
    args: __,
    env: ___,
    cwd: ____,
    ...common
  } = readSlots(slots, true, (text) => neutral(mapping, text));
  const server: ReadServer = {
    transport: transport ?? "remote",
    name,
    url: url ?? "",
    ...(headers && Object.keys(headers).length > 0 ? { headers } : {}),
    ...common,
    position,
  };
  return { server, extra };
};

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
