import type { McpServer } from "../../core/model.js";

/** A value that is exactly one variable, without a default: it can be handed over by name. */
const wholeVariable = /^\$\{([A-Za-z_][A-Za-z0-9_]*)\}$/;
const bearerVariable = /^Bearer \$\{([A-Za-z_][A-Za-z0-9_]*)\}$/;

/** The slots of an MCP template and how each core value reaches one: the values, and what no slot carries. */
export interface McpSlots {
  values: Record<string, unknown>;
  /** Core fields ("env", "tools", "description") with a value the template has no slot for. */
  lost: string[];
}

/**
 * Fills only the slots the template uses, rewriting variables on the way. Besides plain slots,
 * clients that pass variables by name get `{env_vars}` (env entries `NAME: ${NAME}`) with
 * `{env_set}` (the others), `{header_env}` (headers that are one `${VAR}`, as header → VAR),
 * `{bearer_env}` (VAR of `Authorization: Bearer ${VAR}`) and `{headers_set}` (the others).
 */
export function mcpSlots(server: McpServer, used: Set<string>, rewrite: (text: string) => string): McpSlots {
  const fields =
    server.transport === "stdio" ? stdioFields(server, used, rewrite) : remoteFields(server, used, rewrite);
  const values: Record<string, unknown> = { transport: server.transport };
  if (used.has("timeout")) values.timeout = server.timeout;
  if (used.has("tools")) values.tools = server.tools;
  if (used.has("description")) values.description = server.description;
  for (const [slot, value] of Object.entries(fields.values)) if (used.has(slot)) values[slot] = value();
  const lost = [...fields.lost];
  if (server.timeout !== undefined && !used.has("timeout")) lost.push("timeout");
  if (server.tools !== undefined && server.tools.length > 0 && !used.has("tools")) lost.push("tools");
  if (server.description !== undefined && !used.has("description")) lost.push("description");
  return { values, lost };
}

type Thunks = { values: Record<string, () => unknown>; lost: string[] };

function stdioFields(
  server: McpServer & { transport: "stdio" },
  used: Set<string>,
  rewrite: (t: string) => string,
): Thunks {
  const env = Object.entries(server.env);
  const passed = env.filter(([name, value]) => wholeVariable.exec(value)?.[1] === name);
  const kept = env.filter((entry) => !passed.includes(entry));
  const line = used.has("command_line");
  const lost = [
    ...(used.has("command") || line ? [] : ["command"]),
    ...(server.args.length === 0 || used.has("args") || line ? [] : ["args"]),
    ...(server.cwd === undefined || used.has("cwd") ? [] : ["cwd"]),
    ...(envCarried(used, passed.length, kept.length) ? [] : ["env"]),
  ];
  return {
    values: {
      command: () => rewrite(server.command),
      args: () => server.args.map(rewrite),
      command_line: () => [rewrite(server.command), ...server.args.map(rewrite)],
      env: () => rewriteValues(env, rewrite),
      env_vars: () => passed.map(([name]) => name),
      env_set: () => rewriteValues(kept, rewrite),
      cwd: () => (server.cwd === undefined ? undefined : rewrite(server.cwd)),
    },
    lost,
  };
}

function envCarried(used: Set<string>, passed: number, kept: number): boolean {
  if (used.has("env") || passed + kept === 0) return true;
  return (passed === 0 || used.has("env_vars")) && (kept === 0 || used.has("env_set"));
}

function remoteFields(
  server: McpServer & { transport: "http" | "sse" },
  used: Set<string>,
  rewrite: (t: string) => string,
): Thunks {
  const headers = Object.entries(server.headers);
  const bearer = used.has("bearer_env")
    ? headers.find(([name, value]) => name.toLowerCase() === "authorization" && bearerVariable.test(value))
    : undefined;
  const byName = used.has("header_env")
    ? headers.filter((entry) => entry !== bearer && wholeVariable.test(entry[1]))
    : [];
  const rest = headers.filter((entry) => entry !== bearer && !byName.includes(entry));
  const headersCarried =
    headers.length === 0 || used.has("headers") || rest.length === 0 || used.has("headers_set");
  return {
    values: {
      url: () => rewrite(server.url),
      headers: () => rewriteValues(headers, rewrite),
      bearer_env: () => (bearer ? bearerVariable.exec(bearer[1])?.[1] : undefined),
      header_env: () =>
        Object.fromEntries(byName.map(([name, value]) => [name, wholeVariable.exec(value)?.[1]])),
      headers_set: () => rewriteValues(rest, rewrite),
    },
    lost: [...(used.has("url") ? [] : ["url"]), ...(headersCarried ? [] : ["headers"])],
  };
}

function rewriteValues(
  entries: [string, string][],
  rewrite: (text: string) => string,
): Record<string, string> {
  return Object.fromEntries(entries.map(([key, value]) => [key, rewrite(value)]));
}
