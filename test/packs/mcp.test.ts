import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { builtinClientPacks } from "../../src/clients/load-client-packs.js";
import type { ClientPack } from "../../src/clients/model.js";
import type { McpServer } from "../../src/core/model.js";
import type { Position } from "../../src/diagnostics/diagnostic.js";
import type { ImportedServer } from "../../src/packs/mcp/model.js";
import { coreServer } from "../../src/packs/mcp/read.js";
import { mcpSection } from "../../src/packs/mcp/section.js";
import { slotsOf } from "../../src/packs/shared/template-slots.js";
import { documentOf, reportInto, roundTripTests } from "./section-round-trip.js";

const packs = builtinClientPacks()
  .map((loaded) => loaded.pack)
  .filter((pack): pack is ClientPack & { mcp: NonNullable<ClientPack["mcp"]> } => pack.mcp !== undefined);
const position: Position = { file: "core/mcp.json", line: 1, column: 1 };

const variableName = fc.stringMatching(/^[A-Z][A-Z0-9_]{0,6}$/);
/** Text as core/mcp.json may hold it: plain words and ${NAME} / ${NAME:-default} variables. */
const text = fc
  .array(
    fc.oneof(
      { weight: 3, arbitrary: fc.stringMatching(/^[a-z0-9 ./:=-]{1,8}$/) },
      { weight: 1, arbitrary: variableName.map((name) => `\${${name}}`) },
      {
        weight: 1,
        arbitrary: fc
          .tuple(variableName, fc.stringMatching(/^[a-z0-9.-]{0,5}$/))
          .map(([name, fallback]) => `\${${name}:-${fallback}}`),
      },
    ),
    { minLength: 1, maxLength: 3 },
  )
  .map((parts) => parts.join(""));
const plainOrPassed = fc.oneof(
  text,
  variableName.map((name) => `\${${name}}`),
);
const headerName = fc.constantFrom("Authorization", "X-Api-Key", "X-Team");

const common = fc.record(
  {
    name: fc.stringMatching(/^[a-z][a-z0-9_-]{0,10}$/),
    tools: fc.array(fc.stringMatching(/^[a-z_]{1,8}$/), { minLength: 1, maxLength: 3 }),
    timeout: fc.integer({ min: 1, max: 600 }),
    description: fc.stringMatching(/^[A-Za-z ]{1,20}$/),
  },
  { requiredKeys: ["name"] },
);
const stdio = fc.record(
  {
    transport: fc.constant("stdio" as const),
    command: text,
    args: fc.array(text, { maxLength: 3 }),
    env: fc
      .dictionary(variableName, fc.option(plainOrPassed, { nil: undefined, freq: 2 }), {
        maxKeys: 3,
        noNullPrototype: true,
      })
      // undefined: the entry passes the variable of its own name (NAME: ${NAME})
      .map((env) =>
        Object.fromEntries(Object.entries(env).map(([name, value]) => [name, value ?? `\${${name}}`])),
      ),
    cwd: text,
  },
  { requiredKeys: ["transport", "command", "args", "env"] },
);
const remote = fc.record({
  transport: fc.constantFrom("http" as const, "sse" as const),
  url: text.map((t) => `https://example.test/${t}`),
  headers: fc.dictionary(
    headerName,
    fc.oneof(
      plainOrPassed,
      variableName.map((name) => `Bearer \${${name}}`),
    ),
    { maxKeys: 3, noNullPrototype: true },
  ),
});
const server = fc
  .tuple(common, fc.oneof(stdio, remote))
  .map(([c, t]) => ({ ...c, ...t, position }) as McpServer);

/**
 * The server cut to what the pack's templates have slots for (a field, a transport, variables, defaults), so
 * that most servers are ones the pack can write whole; whatever it still cannot carry, emit reports, and the
 * property skips that server.
 */
function fit(pack: (typeof packs)[number], x: McpServer): McpServer {
  const { mcp } = pack;
  const remote = x.transport !== "stdio" && mcp.remote !== null && mcp.transports.includes(x.transport);
  const chosen: McpServer = remote || x.transport === "stdio" ? x : { ...x, transport: "http" };
  const slots = slotsOf(chosen.transport === "stdio" ? mcp.stdio : (mcp.remote ?? {}));
  const spell = (value: string): string => {
    const kept = mcp.env_reference_default ? value : value.replace(/:-[^}]*\}/g, "}");
    // without a spelling of its own, a client takes variables only by name: a whole ${NAME} or a bearer token
    if (mcp.env_reference || /^(Bearer )?\$\{[A-Z0-9_]+\}$/.test(kept)) return kept;
    return kept.replace(/\$\{([A-Z0-9_]+)(:-[^}]*)?\}/g, "$1");
  };
  const out = JSON.parse(JSON.stringify(chosen), (key, value) =>
    typeof value === "string" && key !== "transport" ? spell(value) : value,
  ) as McpServer;
  for (const field of ["timeout", "tools", "description", "cwd"] as const)
    if (!slots.has(field)) delete (out as unknown as Record<string, unknown>)[field];
  return { ...out, position };
}

describe("packs/mcp: read(emit(server)) is the server, for every built-in pack with an MCP section", () => {
  roundTripTests(packs, server, {
    section: mcpSection,
    input: (x) => ({ core: { mcpServers: [x] } }) as never,
    fit,
    found: ({ servers }, _, x) => {
      const [first, ...more] = servers;
      assert.ok(first && more.length === 0, JSON.stringify(servers));
      const { written: _written, readBy: _readBy, ...read } = first;
      // a remote entry without a {transport} slot does not say which it is: the client finds out ("remote")
      const said = read.transport === "remote" && x.transport !== "stdio" ? x.transport : read.transport;
      // where the entry is written is the reader's business, not part of the server
      return coreServer({ ...read, transport: said, position: x.position } as Parameters<
        typeof coreServer
      >[0]);
    },
    expected: (_, x) => x,
  });

  it("has packs of both kinds: variables spelled the client's way and variables passed by name", () => {
    assert.ok(packs.some((pack) => pack.mcp.env_reference !== undefined));
    assert.ok(packs.some((pack) => JSON.stringify(pack.mcp.stdio).includes("{env_vars}")));
  });
});

/** The server as `pack` writes it and import reads it back from that file. */
function readBack(pack: (typeof packs)[number], x: McpServer): ImportedServer {
  const settings = mcpSection.settings;
  assert.ok(settings);
  const entries = settings.emit(pack, { core: { mcpServers: [x] } } as never).parts.flatMap((p) => p.entries);
  const found = settings.nothingFound();
  const reports: string[] = [];
  settings.read(pack, documentOf(entries), reportInto(reports), found);
  assert.deepEqual(reports, []);
  const [server] = found.servers;
  assert.ok(server, JSON.stringify(entries));
  return server;
}

describe("packs/mcp merge: two clients' readings of one server are one when each writes the other's as its own", () => {
  const files: McpServer & { transport: "stdio" } = {
    name: "files",
    transport: "stdio",
    command: "npx",
    args: ["-y", "files"],
    env: {},
    position,
  };
  const alike = mcpSection.merge?.alike;
  assert.ok(alike && mcpSection.merge?.kind === "server");
  const [first, ...others] = packs;
  assert.ok(first && others.length > 0);
  for (const other of others)
    it(`${first.client} and ${other.client}`, () => {
      const a = { item: readBack(first, files), pack: first };
      assert.equal(alike(a, { item: readBack(other, files), pack: other }), "a");
      const changed = readBack(other, { ...files, args: ["-y", "other"] });
      assert.equal(alike(a, { item: changed, pack: other }), undefined);
    });
});
