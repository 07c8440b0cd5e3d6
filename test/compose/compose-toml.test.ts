import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { parse } from "smol-toml";
import { composeToml } from "../../src/compose/compose-toml.js";
import type { OwnedEntry, OwnedRecord } from "../../src/compose/model.js";
import { scanTables } from "../../src/compose/toml-tables.js";
import { valueHash } from "../../src/compose/value-hash.js";

const lines = (...parts: string[]): string => `${parts.join("\n")}\n`;
const docsValue = { command: "npx", args: ["-y", "docs"], env: { TOKEN: "x" } };
const docs: OwnedEntry = { path: ["mcp_servers", "docs"], value: docsValue };
const docsRecord: OwnedRecord = { path: ["mcp_servers", "docs"], hash: valueHash(docsValue) };
const docsText = [
  "[mcp_servers.docs]",
  'command = "npx"',
  'args = [ "-y", "docs" ]',
  "",
  "[mcp_servers.docs.env]",
  'TOKEN = "x"',
];

const userConfig = lines(
  "# Codex settings of this project",
  'model = "gpt-5"',
  "",
  "[mcp_servers.mine] # my own server",
  'command = "mine"',
  'args = ["""',
  "[mcp_servers.docs]",
  '"""]',
  "",
  "# fast profile",
  "[profiles.fast]",
  'model = "mini"',
);

interface Case {
  name: string;
  before: string | undefined;
  desired: OwnedEntry[];
  previous?: OwnedRecord[];
  after: string;
  conflicts?: string[];
}

const cases: Case[] = [
  {
    name: "a missing file gets the table",
    before: undefined,
    desired: [docs],
    after: lines(...docsText),
  },
  {
    name: "a new table goes after the last table of its parent; comments and strings stay",
    before: userConfig,
    desired: [docs],
    after: lines(
      "# Codex settings of this project",
      'model = "gpt-5"',
      "",
      "[mcp_servers.mine] # my own server",
      'command = "mine"',
      'args = ["""',
      "[mcp_servers.docs]",
      '"""]',
      "",
      ...docsText,
      "",
      "# fast profile",
      "[profiles.fast]",
      'model = "mini"',
    ),
  },
  {
    name: "without tables of its parent, the table goes at the end",
    before: 'model = "gpt-5"',
    desired: [{ path: ["mcp_servers", "my server"], value: { url: "https://x" } }],
    after: lines('model = "gpt-5"', "", '[mcp_servers."my server"]', 'url = "https://x"'),
  },
  {
    name: "CRLF line ends are kept",
    before: 'model = "gpt-5"\r\n',
    desired: [{ path: ["mcp_servers", "a"], value: { command: "a" } }],
    after: 'model = "gpt-5"\r\n\r\n[mcp_servers.a]\r\ncommand = "a"\r\n',
  },
  {
    name: "an owned, unchanged table is replaced with its sub-tables, in place",
    before: lines(...docsText, "", "[profiles.fast]", 'model = "mini"'),
    desired: [{ path: ["mcp_servers", "docs"], value: { command: "node" } }],
    previous: [docsRecord],
    after: lines("[mcp_servers.docs]", 'command = "node"', "", "[profiles.fast]", 'model = "mini"'),
  },
  {
    name: "an owned table no longer wanted is removed with the blank line before it",
    before: lines(
      'model = "gpt-5"',
      "",
      ...docsText,
      "",
      "# fast profile",
      "[profiles.fast]",
      'model = "mini"',
    ),
    desired: [],
    previous: [docsRecord],
    after: lines('model = "gpt-5"', "", "# fast profile", "[profiles.fast]", 'model = "mini"'),
  },
  {
    name: "sub-tables elsewhere in the file go with their table",
    before: lines(
      "[mcp_servers.docs]",
      'command = "npx"',
      'args = ["-y", "docs"]',
      "",
      "[other]",
      "a = 1",
      "",
      "[mcp_servers.docs.env]",
      'TOKEN = "x"',
    ),
    desired: [],
    previous: [docsRecord],
    after: lines("[other]", "a = 1"),
  },
  {
    name: "an owned table the user changed stays, with a conflict",
    before: lines(...docsText.map((line) => line.replace('"x"', '"mine"'))),
    desired: [{ path: ["mcp_servers", "docs"], value: { command: "node" } }],
    previous: [docsRecord],
    after: lines(...docsText.map((line) => line.replace('"x"', '"mine"'))),
    conflicts: ["user-modified mcp_servers.docs 1:1"],
  },
  {
    name: "a table the user wrote is never overwritten",
    before: userConfig.replace("[mcp_servers.mine]", "[mcp_servers.docs]"),
    desired: [docs],
    after: userConfig.replace("[mcp_servers.mine]", "[mcp_servers.docs]"),
    conflicts: ["user-written mcp_servers.docs 4:1"],
  },
  {
    name: "an owned table no longer wanted but changed stays, with a conflict",
    before: lines("[mcp_servers.docs]", 'command = "edited"'),
    desired: [],
    previous: [docsRecord],
    after: lines("[mcp_servers.docs]", 'command = "edited"'),
    conflicts: ["kept-modified mcp_servers.docs 1:1"],
  },
  {
    name: "a table written with dotted keys is not edited in place",
    before: lines(
      "[mcp_servers]",
      'docs.command = "npx"',
      'docs.args = ["-y", "docs"]',
      'docs.env.TOKEN = "x"',
    ),
    desired: [{ path: ["mcp_servers", "docs"], value: { command: "node" } }],
    previous: [docsRecord],
    after: lines(
      "[mcp_servers]",
      'docs.command = "npx"',
      'docs.args = ["-y", "docs"]',
      'docs.env.TOKEN = "x"',
    ),
    conflicts: ["not-editable mcp_servers.docs undefined:undefined"],
  },
  {
    name: "an inline parent table cannot take a new table",
    before: lines('mcp_servers = { mine = { command = "mine" } }'),
    desired: [docs],
    after: lines('mcp_servers = { mine = { command = "mine" } }'),
    conflicts: ["not-editable mcp_servers.docs undefined:undefined"],
  },
  {
    name: "a parent that is not a table blocks the table",
    before: lines('mcp_servers = "none"'),
    desired: [docs],
    after: lines('mcp_servers = "none"'),
    conflicts: ["blocked mcp_servers.docs 1:1"],
  },
  {
    name: "an array of tables in the parent's place blocks the table",
    before: lines("[[mcp_servers]]", 'command = "x"'),
    desired: [docs],
    after: lines("[[mcp_servers]]", 'command = "x"'),
    conflicts: ["blocked mcp_servers.docs 1:1"],
  },
  {
    name: "a file that does not parse is left alone",
    before: lines("[mcp_servers.mine", 'command = "x"'),
    desired: [docs],
    after: lines("[mcp_servers.mine", 'command = "x"'),
    conflicts: ["unparseable  1:18"],
  },
];

const describeConflict = (c: { kind: string; path: (string | number)[]; line?: number; column?: number }) =>
  `${c.kind} ${c.path.join(".")} ${c.line}:${c.column}`;

describe("composeToml", () => {
  for (const c of cases) {
    it(c.name, () => {
      const result = composeToml(c.before, c.desired, c.previous ?? []);
      assert.equal(result.text, c.after);
      assert.deepEqual(result.conflicts.map(describeConflict), c.conflicts ?? []);
      if (!c.conflicts?.some((k) => k.startsWith("unparseable"))) parse(result.text);
    });
  }

  it("owns the tables it wrote, and composing again changes nothing", () => {
    const first = composeToml(userConfig, [docs], []);
    assert.deepEqual(first.owned, [docsRecord]);
    const again = composeToml(first.text, [docs], first.owned);
    assert.deepEqual([again.text, again.changed, again.conflicts], [first.text, false, []]);
  });

  it("removing what it added gives back the file byte for byte", () => {
    const added = composeToml(userConfig, [docs, { path: ["mcp_servers", "b"], value: { url: "u" } }], []);
    assert.equal(composeToml(added.text, [], added.owned).text, userConfig);
  });

  it("rejects list elements, values that are not tables below the top, and tables holding null", () => {
    const result = composeToml(
      "",
      [
        { path: ["a"], value: "x", element: true },
        { path: ["b", "c"], value: 1 },
        { path: ["c"], value: { n: null } },
      ],
      [],
    );
    assert.deepEqual(
      result.conflicts.map((c) => c.kind),
      ["invalid-entry", "invalid-entry", "invalid-entry"],
    );
    assert.equal(result.changed, false);
  });
});

describe("composeToml: keys at the top of the file", () => {
  const person = lines("# mine", 'model = "o3"', "", "[mcp_servers.x]", 'command = "y"');
  const desired: OwnedEntry[] = [{ path: ["default_permissions"], value: "agentc" }];

  it("writes one line just before the first table; uninstall gives the bytes back", () => {
    const added = composeToml(person, desired, []);
    assert.deepEqual(added.conflicts, []);
    assert.equal(
      added.text,
      lines(
        "# mine",
        'model = "o3"',
        "",
        'default_permissions = "agentc"',
        "",
        "[mcp_servers.x]",
        'command = "y"',
      ),
    );
    assert.equal(composeToml(added.text, [], added.owned).text, person);
  });

  it("replaces its own line where it stands, and appends to a file without tables", () => {
    const added = composeToml(person, desired, []);
    const changed = composeToml(added.text, [{ path: ["default_permissions"], value: "other" }], added.owned);
    assert.equal(changed.text, added.text.replace('"agentc"', '"other"'));
    const flat = composeToml('model = "o3"\n', desired, []);
    assert.equal(flat.text, 'model = "o3"\ndefault_permissions = "agentc"\n');
  });

  it("a key the person wrote stays theirs, reported, untouched", () => {
    const mine = lines('default_permissions = "mine"', "[a]", "b = 1");
    const result = composeToml(mine, desired, []);
    assert.equal(result.text, mine);
    assert.deepEqual(
      result.conflicts.map((c) => c.kind),
      ["user-written"],
    );
  });
});

describe("scanTables", () => {
  it("finds headers with quoted keys and skips look-alikes inside strings and arrays", () => {
    const text = lines(
      "a = 1",
      "[one]",
      "s = '''",
      "[not.one]",
      "'''",
      "list = [",
      "  [1],",
      "  [2]",
      "]",
      "# [comment]",
      "[ two . \"x y\" . 'z' ] # note",
      "[[three.items]]",
      'b = "[x]"',
    );
    const found = scanTables(text).map((b) => [
      b.path?.join("/"),
      b.array,
      text.slice(b.start, b.contentEnd),
    ]);
    assert.deepEqual(found, [
      ["one", false, "[one]\ns = '''\n[not.one]\n'''\nlist = [\n  [1],\n  [2]\n]\n"],
      ["two/x y/z", false, "[ two . \"x y\" . 'z' ] # note\n"],
      ["three/items", true, '[[three.items]]\nb = "[x]"\n'],
    ]);
  });
});
