import type { WrittenServer } from "../../core/load-mcp.js";
import type { McpServer, RemoteServer, StdioServer } from "../../core/model.js";
import type { McpField } from "./model.js";

/** A value that is exactly one variable, without a default: it can be handed over by name. */
const wholeVariable = /^\$\{([A-Za-z_][A-Za-z0-9_]*)\}$/;
const bearerVariable = /^Bearer \$\{([A-Za-z_][A-Za-z0-9_]*)\}$/;

/** Text between the core's spelling of variables (`${NAME}`) and the client's: emit rewrites, read turns back. */
type Spelling = (text: string) => string;

/** Emit's spelling, told which field of the server the text is in (a client may expand variables in some only). */
export type FieldSpelling = (text: string, field: McpField) => string;

/** The server field each slot that spells variables writes. */
const slotField: Record<string, McpField> = {
  args: "args",
  command_line: "args",
  command: "command",
  env_set: "env",
  env: "env",
  cwd: "cwd",
  url: "url",
  headers_set: "headers",
  headers: "headers",
};

/** What reading one slot gives back of a server: its fields as core/mcp.json writes them, the maps merged. */
export type SlotReading = Partial<Omit<WrittenServer, "transport" | "clients">> & {
  transport?: "http" | "sse";
};

/**
 * One slot of an MCP entry template, both ways: what it writes of a core server (`used`: the template's slots,
 * which decide how variables passed by name are split), and what a value found in it gives back.
 */
interface Slot<S> {
  write(server: S, used: Set<string>, spell: Spelling): unknown;
  read(value: unknown, neutral: Spelling): SlotReading;
}

/**
 * The slots of every server, then of each transport, in the order a reading merges them (a later slot's
 * values win). Besides plain slots, clients that pass variables by name get `{env_vars}` (env entries
 * `NAME: ${NAME}`) with `{env_set}` (the others), `{header_env}` (headers that are one `${VAR}`, as
 * header → VAR), `{bearer_env}` (VAR of `Authorization: Bearer ${VAR}`) and `{headers_set}` (the others).
 */
const commonSlots: Record<string, Slot<McpServer>> = {
  transport: {
    write: (server) => server.transport,
    read: (value) => (value === "http" || value === "sse" ? { transport: value } : {}),
  },
  tools: {
    write: (server) => server.tools,
    read: (value) => (Array.isArray(value) ? { tools: strings(value) } : {}),
  },
  timeout: {
    write: (server) => server.timeout,
    read: (value) => (typeof value === "number" ? { timeout: value } : {}),
  },
  description: {
    write: (server) => server.description,
    read: (value) => (typeof value === "string" ? { description: value } : {}),
  },
};

const stdioSlots: Record<string, Slot<StdioServer>> = {
  args: {
    write: (server, _, spell) => server.args.map(spell),
    read: (value, neutral) => ({ args: strings(value).map(neutral) }),
  },
  command_line: {
    write: (server, _, spell) => [spell(server.command), ...server.args.map(spell)],
    read: (value, neutral) => {
      const line = strings(value).map(neutral);
      return { command: line[0] ?? "", args: line.slice(1) };
    },
  },
  command: {
    write: (server, _, spell) => spell(server.command),
    read: (value, neutral) => (typeof value === "string" ? { command: neutral(value) } : {}),
  },
  env_vars: {
    write: (server) => passedEnv(server).map(([name]) => name),
    read: (value) => ({ env: Object.fromEntries(strings(value).map((name) => [name, `\${${name}}`])) }),
  },
  env_set: {
    write: (server, _, spell) => spelled(keptEnv(server), spell),
    read: (value, neutral) => ({ env: mapValues(stringMap(value), neutral) }),
  },
  env: {
    write: (server, _, spell) => spelled(Object.entries(server.env), spell),
    read: (value, neutral) => ({ env: mapValues(stringMap(value), neutral) }),
  },
  cwd: {
    write: (server, _, spell) => (server.cwd === undefined ? undefined : spell(server.cwd)),
    read: (value, neutral) => (typeof value === "string" ? { cwd: neutral(value) } : {}),
  },
};

const remoteSlots: Record<string, Slot<RemoteServer>> = {
  url: {
    write: (server, _, spell) => spell(server.url),
    read: (value, neutral) => ({ url: neutral(String(value)) }),
  },
  bearer_env: {
    write: (server, used) => {
      const bearer = splitHeaders(server, used).bearer;
      return bearer ? bearerVariable.exec(bearer[1])?.[1] : undefined;
    },
    read: (value) => (typeof value === "string" ? { headers: { Authorization: `Bearer \${${value}}` } } : {}),
  },
  header_env: {
    write: (server, used) =>
      Object.fromEntries(
        splitHeaders(server, used).byName.map(([name, value]) => [name, wholeVariable.exec(value)?.[1]]),
      ),
    read: (value) => ({ headers: mapValues(stringMap(value), (name) => `\${${name}}`) }),
  },
  headers_set: {
    write: (server, used, spell) => spelled(splitHeaders(server, used).rest, spell),
    read: (value, neutral) => ({ headers: mapValues(stringMap(value), neutral) }),
  },
  headers: {
    write: (server, _, spell) => spelled(Object.entries(server.headers), spell),
    read: (value, neutral) => ({ headers: mapValues(stringMap(value), neutral) }),
  },
};

/** The slot names an entry template of one kind may use: the rest are never filled, and their keys vanish. */
export function mcpSlotNames(remote: boolean): string[] {
  return Object.keys({ ...(remote ? remoteSlots : stdioSlots), ...commonSlots });
}

/** The slots of an MCP template and how each core value reaches one: the values, and what no slot carries. */
export interface McpSlots {
  values: Record<string, unknown>;
  /** Core fields ("env", "tools", "description") with a value the template has no slot for. */
  lost: string[];
}

/** Fills only the slots the template uses, spelling variables the client's way on the way. */
export function mcpSlots(server: McpServer, used: Set<string>, spell: FieldSpelling): McpSlots {
  const values: Record<string, unknown> = { transport: server.transport };
  const write = <S>(slots: Record<string, Slot<S>>, s: S) => {
    for (const [name, slot] of Object.entries(slots)) {
      const field = slotField[name];
      const spelled: Spelling = field ? (text) => spell(text, field) : (text) => text;
      if (used.has(name) && name !== "transport") values[name] = slot.write(s, used, spelled);
    }
  };
  if (server.transport === "stdio") write(stdioSlots, server);
  else write(remoteSlots, server);
  write(commonSlots, server);
  return { values, lost: lostFields(server, used) };
}

/** A template's slot values read back into the fields they carry, through every slot of the transport. */
export function readSlots(slots: Record<string, unknown>, remote: boolean, neutral: Spelling): SlotReading {
  const table: Record<string, Slot<never>> = { ...(remote ? remoteSlots : stdioSlots), ...commonSlots };
  const reading: SlotReading = {};
  for (const [name, slot] of Object.entries(table)) {
    if (!(name in slots)) continue;
    const part = slot.read(slots[name], neutral);
    Object.assign(reading, part, {
      ...(part.env ? { env: { ...reading.env, ...part.env } } : {}),
      ...(part.headers ? { headers: { ...reading.headers, ...part.headers } } : {}),
    });
  }
  return reading;
}

/** Core fields with a value that no slot of the template carries. */
function lostFields(server: McpServer, used: Set<string>): string[] {
  const lost: string[] = [];
  const lose = (field: string, carried: boolean) => {
    if (!carried) lost.push(field);
  };
  if (server.transport === "stdio") {
    const line = used.has("command_line");
    lose("command", used.has("command") || line);
    lose("args", server.args.length === 0 || used.has("args") || line);
    lose("cwd", server.cwd === undefined || used.has("cwd"));
    lose("env", envCarried(server, used));
  } else {
    const { rest } = splitHeaders(server, used);
    lose("url", used.has("url"));
    const none = Object.keys(server.headers).length === 0;
    lose("headers", none || used.has("headers") || rest.length === 0 || used.has("headers_set"));
  }
  lose("timeout", server.timeout === undefined || used.has("timeout"));
  lose("tools", server.tools === undefined || server.tools.length === 0 || used.has("tools"));
  lose("description", server.description === undefined || used.has("description"));
  return lost;
}

function envCarried(server: StdioServer, used: Set<string>): boolean {
  const passed = passedEnv(server).length;
  const kept = keptEnv(server).length;
  if (used.has("env") || passed + kept === 0) return true;
  return (passed === 0 || used.has("env_vars")) && (kept === 0 || used.has("env_set"));
}

/** Env entries `NAME: ${NAME}`: passed by name where the client takes them so. */
function passedEnv(server: StdioServer): [string, string][] {
  return Object.entries(server.env).filter(([name, value]) => wholeVariable.exec(value)?.[1] === name);
}

function keptEnv(server: StdioServer): [string, string][] {
  const passed = new Set(passedEnv(server).map(([name]) => name));
  return Object.entries(server.env).filter(([name]) => !passed.has(name));
}

/** The headers passed as a bearer variable, by name, and the rest, as far as the template's slots take them. */
function splitHeaders(server: RemoteServer, used: Set<string>) {
  const headers = Object.entries(server.headers);
  const bearer = used.has("bearer_env")
    ? headers.find(([name, value]) => name.toLowerCase() === "authorization" && bearerVariable.test(value))
    : undefined;
  const byName = used.has("header_env")
    ? headers.filter((entry) => entry !== bearer && wholeVariable.test(entry[1]))
    : [];
  const rest = headers.filter((entry) => entry !== bearer && !byName.includes(entry));
  return { bearer, byName, rest };
}

function spelled(entries: [string, string][], spell: Spelling): Record<string, string> {
  return Object.fromEntries(entries.map(([key, value]) => [key, spell(value)]));
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

function mapValues(map: Record<string, string>, f: Spelling): Record<string, string> {
  return Object.fromEntries(Object.entries(map).map(([k, v]) => [k, f(v)]));
}
