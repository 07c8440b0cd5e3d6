import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { applyEdits, modify, type ParseError, parse as parseJsonc } from "jsonc-parser";
import { parse as parseToml } from "smol-toml";
import { composeJson } from "../../src/compose/compose-json.js";
import { composeToml } from "../../src/compose/compose-toml.js";
import type { OwnedEntry } from "../../src/compose/model.js";

/** A JSON document as a person might lay it out: members with comments before and after them. */
type Layout =
  | { kind: "object"; members: { key: string; value: Layout; before?: string; after?: string }[] }
  | { kind: "array"; items: { value: Layout; before?: string; after?: string }[] }
  | { kind: "leaf"; value: unknown };

interface Style {
  indent: string;
  eol: string;
  trailingCommas: boolean;
}

function render(layout: Layout, style: Style, depth = 0): string {
  if (layout.kind === "leaf") return JSON.stringify(layout.value);
  const entries = layout.kind === "object" ? layout.members : layout.items;
  const [open, close] = layout.kind === "object" ? ["{", "}"] : ["[", "]"];
  if (entries.length === 0) return `${open}${close}`;
  const inner = style.indent.repeat(depth + 1);
  const lines = entries.map((entry, i) => {
    const key = "key" in entry ? `${JSON.stringify(entry.key)}: ` : "";
    const comma = i < entries.length - 1 || style.trailingCommas ? "," : "";
    const before = entry.before === undefined ? "" : `${inner}// ${entry.before}${style.eol}`;
    const after = entry.after === undefined ? "" : ` // ${entry.after}`;
    return `${before}${inner}${key}${render(entry.value, style, depth + 1)}${comma}${after}`;
  });
  return `${open}${style.eol}${lines.join(style.eol)}${style.eol}${style.indent.repeat(depth)}${close}`;
}

const comment = fc.option(fc.stringMatching(/^[a-z ]{0,10}$/), { nil: undefined });
const leaf = fc.oneof(
  fc.string({ maxLength: 6 }),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 3 }), { maxLength: 3 }),
);
const member = (key: fc.Arbitrary<string>, value: fc.Arbitrary<Layout>) =>
  fc.record({ key, value, before: comment, after: comment }, { requiredKeys: ["key", "value"] });
const userKey = fc
  .string({ maxLength: 6 })
  .filter((k) => !["mcpServers", "permissions", "userAdded"].includes(k));
const leafLayout = leaf.map((value): Layout => ({ kind: "leaf", value }));
const server = fc.string({ maxLength: 5 }).map((command): Layout => ({ kind: "leaf", value: { command } }));
const uniqueMembers = (key: fc.Arbitrary<string>, value: fc.Arbitrary<Layout>) =>
  fc.uniqueArray(member(key, value), { maxLength: 4, selector: (m) => m.key });

const userJson = fc
  .record({
    rootMembers: uniqueMembers(userKey, leafLayout),
    servers: uniqueMembers(fc.stringMatching(/^u[a-z]{0,4}$/), server),
    deny: fc.array(
      fc.record(
        {
          value: fc.stringMatching(/^Bash\([a-z]{0,4}\)$/).map((v): Layout => ({ kind: "leaf", value: v })),
          after: comment,
        },
        { requiredKeys: ["value"] },
      ),
      { maxLength: 3 },
    ),
    serversAt: fc.nat(),
    permissionsAt: fc.nat(),
    style: fc.record({
      indent: fc.constantFrom("  ", "    ", "\t"),
      eol: fc.constantFrom("\n", "\r\n"),
      trailingCommas: fc.boolean(),
    }),
  })
  .map(({ rootMembers, servers, deny, serversAt, permissionsAt, style }) => {
    const members = [...rootMembers];
    members.splice(serversAt % (members.length + 1), 0, {
      key: "mcpServers",
      value: { kind: "object", members: servers },
    });
    const permissions: Layout = {
      kind: "object",
      members: [{ key: "deny", value: { kind: "array", items: deny } }],
    };
    members.splice(permissionsAt % (members.length + 1), 0, { key: "permissions", value: permissions });
    return render({ kind: "object", members }, style) + style.eol;
  });

const agentcJson = fc
  .record({
    servers: fc.uniqueArray(fc.constantFrom("agentc-docs", "agentc git", "agentc.web"), { maxLength: 3 }),
    deny: fc.uniqueArray(fc.constantFrom("Read(./.env)", "Read(./secrets/**)", "Edit(.git/**)"), {
      maxLength: 3,
    }),
    command: fc.string({ maxLength: 5 }),
  })
  .map(({ servers, deny, command }): OwnedEntry[] => [
    ...servers.map((name) => ({ path: ["mcpServers", name], value: { command, args: [name] } })),
    ...deny.map((value) => ({ path: ["permissions", "deny"], value, element: true })),
  ]);

/** What the file should hold: the user's document with agentc's servers added and deny rules appended. */
function merged(user: unknown, desired: OwnedEntry[]): unknown {
  const expected = structuredClone(user) as {
    mcpServers: Record<string, unknown>;
    permissions: { deny: unknown[] };
  };
  for (const entry of desired) {
    if (entry.element) expected.permissions.deny.push(entry.value);
    else expected.mcpServers[String(entry.path[1])] = entry.value;
  }
  return expected;
}

const userEdit = fc.constantFrom<(text: string) => string>(
  (text) => `// added at the top\n${text}`,
  (text) => `${text}// added at the end\n`,
  (text) => applyEdits(text, modify(text, ["userAdded"], { a: [1] }, {})),
  (text) => applyEdits(text, modify(text, ["mcpServers", "u-new"], { command: "mine" }, {})),
  (text) =>
    applyEdits(text, modify(text, ["permissions", "deny", 0], "Bash(edited)", { isArrayInsertion: true })),
);

describe("composeJson properties", () => {
  it("adds agentc's entries to any user file, and removing them gives the file back byte for byte", () => {
    fc.assert(
      fc.property(userJson, agentcJson, (user, desired) => {
        const added = composeJson(user, desired, []);
        assert.deepEqual(added.conflicts, []);
        assert.deepEqual(parseJsonc(added.text), merged(parseJsonc(user), desired));
        assert.equal(composeJson(added.text, [], added.owned).text, user);
      }),
    );
  });

  it("composing again is a no-op, also after user edits outside agentc's entries", () => {
    fc.assert(
      fc.property(userJson, agentcJson, userEdit, (user, desired, edit) => {
        const added = composeJson(user, desired, []);
        const again = composeJson(added.text, desired, added.owned);
        assert.deepEqual([again.text, again.changed, again.conflicts], [added.text, false, []]);
        const edited = edit(added.text);
        const afterEdit = composeJson(edited, desired, added.owned);
        assert.deepEqual([afterEdit.text, afterEdit.conflicts], [edited, []]);
        const removed = composeJson(edited, [], added.owned);
        assert.deepEqual(parseJsonc(removed.text), withoutAgentc(parseJsonc(edited), desired));
      }),
    );
  });
});

function withoutAgentc(document: unknown, desired: OwnedEntry[]): unknown {
  const expected = structuredClone(document) as {
    mcpServers: Record<string, unknown>;
    permissions: { deny: unknown[] };
  };
  for (const entry of desired) {
    if (!entry.element) delete expected.mcpServers[String(entry.path[1])];
    else expected.permissions.deny.splice(expected.permissions.deny.lastIndexOf(entry.value), 1);
  }
  return expected;
}

const tomlLine = fc.oneof(
  fc.stringMatching(/^[a-z]{1,5}$/).map((k) => `${k}_key = "${k}"`),
  fc.stringMatching(/^[a-z ]{0,8}$/).map((c) => `# ${c}`),
  fc.constant(""),
);
/** Lines of one table or of the root: TOML forbids a key twice, so a repeated key line is dropped. */
const tomlLines = fc.array(tomlLine, { maxLength: 3 }).map((lines) => {
  const seen = new Set<string>();
  return lines.filter((line) => {
    const key = /^([a-z]+_key) =/.exec(line)?.[1];
    if (key === undefined) return true;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
});
const tomlTable = fc
  .record({
    name: fc.stringMatching(/^u[a-z]{0,4}$/),
    kind: fc.constantFrom("mcp_servers", "profiles"),
    lines: tomlLines,
    env: fc.boolean(),
  })
  .map(({ name, kind, lines, env }) =>
    [
      `[${kind}.${name}] # user table`,
      ...lines,
      ...(env ? ["", `[${kind}.${name}.env]`, 'A = """', "[x.y]", '"""'] : []),
    ].join("\n"),
  );
const userToml = fc
  .record({
    root: tomlLines,
    tables: fc.uniqueArray(tomlTable, { maxLength: 4, selector: (t) => t.split("]")[0] }),
    eol: fc.constantFrom("\n", "\r\n"),
  })
  .map(({ root, tables, eol }) => {
    const text = [...root, ...tables].join("\n");
    return text === "" ? "" : `${text}\n`.replace(/\n/g, eol);
  });
const agentcToml = fc
  .record({
    servers: fc.uniqueArray(fc.constantFrom("agentc-docs", "agentc git", "agentc.web"), { maxLength: 3 }),
    command: fc.string({ maxLength: 5 }),
    env: fc.boolean(),
  })
  .map(({ servers, command, env }): OwnedEntry[] =>
    servers.map((name) => ({
      path: ["mcp_servers", name],
      value: { command, args: [name, "--flag"], ...(env && { env: { TOKEN: "secret" } }) },
    })),
  );

describe("composeToml properties", () => {
  it("adds agentc's tables to any user file, composes again as a no-op, and removes them byte for byte", () => {
    fc.assert(
      fc.property(userToml, agentcToml, (user, desired) => {
        const added = composeToml(user, desired, []);
        assert.deepEqual(added.conflicts, []);
        const expected = parseToml(user) as { mcp_servers?: Record<string, unknown> };
        for (const entry of desired) {
          expected.mcp_servers ??= {};
          expected.mcp_servers[String(entry.path[1])] = entry.value;
        }
        assert.deepEqual(structuredClone(parseToml(added.text)), structuredClone(expected));
        const again = composeToml(added.text, desired, added.owned);
        assert.deepEqual([again.text, again.changed], [added.text, false]);
        const edited = `# a user comment\n${added.text}[profiles.later]\nx = 1\n`;
        assert.equal(composeToml(edited, desired, added.owned).text, edited);
        assert.equal(composeToml(added.text, [], added.owned).text, user);
      }),
    );
  });
});

const jsonish = fc
  .array(
    fc.constantFrom(
      "{",
      "}",
      "[",
      "]",
      ",",
      ":",
      '"a"',
      '"mcpServers"',
      "1",
      "null",
      "//c\n",
      "/*",
      "*/",
      " ",
      "\n",
      "\r\n",
      "\t",
    ),
    { maxLength: 30 },
  )
  .map((tokens) => tokens.join(""));
const tomlish = fc
  .array(
    fc.constantFrom(
      "[",
      "]",
      "[[",
      "mcp_servers",
      ".",
      "docs",
      " = ",
      '"x"',
      "'''",
      '"""',
      "#",
      "\n",
      "{",
      "}",
      "1",
      ",",
    ),
    { maxLength: 30 },
  )
  .map((tokens) => tokens.join(""));
const someEntries: OwnedEntry[] = [
  { path: ["mcp_servers", "docs"], value: { command: "x" } },
  { path: ["mcpServers", "docs"], value: { command: "x" } },
];
const someJsonEntries: OwnedEntry[] = [
  someEntries[1] as OwnedEntry,
  { path: ["a"], value: "v", element: true },
];

describe("compose never crashes", () => {
  it("on any JSON-like text: the file is left alone with a conflict, or the result parses", () => {
    fc.assert(
      fc.property(jsonish, (text) => {
        const result = composeJson(text, someJsonEntries, []);
        if (result.changed) assert.deepEqual(parseErrors(result.text), []);
        else assert.equal(result.text, text);
      }),
      { numRuns: 300 },
    );
  });

  it("on any TOML-like text: the file is left alone with a conflict, or the result parses", () => {
    fc.assert(
      fc.property(tomlish, (text) => {
        const result = composeToml(text, someEntries.slice(0, 1), []);
        if (result.changed) parseToml(result.text);
        else assert.equal(result.text, text);
      }),
      { numRuns: 300 },
    );
  });
});

function parseErrors(text: string): ParseError[] {
  const errors: ParseError[] = [];
  parseJsonc(text, errors, { allowTrailingComma: true });
  return errors;
}
