import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { parse } from "jsonc-parser";
import { composeJson } from "../../src/compose/compose-json.js";
import type { OwnedEntry, OwnedRecord } from "../../src/compose/model.js";
import { valueHash } from "../../src/compose/value-hash.js";

const lines = (...parts: string[]): string => `${parts.join("\n")}\n`;
const docs: OwnedEntry = { path: ["mcpServers", "docs"], value: { command: "npx", args: ["docs"] } };
const docsRecord: OwnedRecord = { path: ["mcpServers", "docs"], hash: valueHash(docs.value) };
const deny = (value: string): OwnedEntry => ({ path: ["permissions", "deny"], value, element: true });
const denyRecord = (value: string): OwnedRecord => ({
  path: ["permissions", "deny"],
  hash: valueHash(value),
  element: true,
});

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
    name: "a missing file gets a new one with two-space indentation",
    before: undefined,
    desired: [docs],
    after: lines(
      "{",
      '  "mcpServers": {',
      '    "docs": {',
      '      "command": "npx",',
      '      "args": [',
      '        "docs"',
      "      ]",
      "    }",
      "  }",
      "}",
    ),
  },
  {
    name: "an empty file counts as missing",
    before: "",
    desired: [deny("Read(./.env)")],
    after: lines("{", '  "permissions": {', '    "deny": [', '      "Read(./.env)"', "    ]", "  }", "}"),
  },
  {
    name: "user keys and comments stay; the server joins the user's servers",
    before: lines(
      "{",
      "  // team settings",
      '  "theme": "dark", /* keep */',
      '  "mcpServers": {',
      '    "mine": { "command": "mine" } // mine',
      "  }",
      "}",
    ),
    desired: [docs],
    after: lines(
      "{",
      "  // team settings",
      '  "theme": "dark", /* keep */',
      '  "mcpServers": {',
      '    "mine": { "command": "mine" }, // mine',
      '    "docs": {',
      '      "command": "npx",',
      '      "args": [',
      '        "docs"',
      "      ]",
      "    }",
      "  }",
      "}",
    ),
  },
  {
    name: "tabs and CRLF line ends are kept",
    before: '{\r\n\t"a": 1\r\n}\r\n',
    desired: [{ path: ["mcpServers", "x"], value: { url: "u" } }],
    after: '{\r\n\t"a": 1,\r\n\t"mcpServers": {\r\n\t\t"x": {\r\n\t\t\t"url": "u"\r\n\t\t}\r\n\t}\r\n}\r\n',
  },
  {
    name: "four-space indentation is detected",
    before: lines("{", '    "servers": {}', "}"),
    desired: [{ path: ["servers", "x"], value: { type: "stdio" } }],
    after: lines(
      "{",
      '    "servers": {',
      '        "x": {',
      '            "type": "stdio"',
      "        }",
      "    }",
      "}",
    ),
  },
  {
    name: "the first key's indentation wins over a comment's",
    before: lines("/**", " * Settings", " */", "{", '   "a": 1', "}"),
    desired: [{ path: ["b"], value: { c: 1 } }],
    after: lines("/**", " * Settings", " */", "{", '   "a": 1,', '   "b": {', '      "c": 1', "   }", "}"),
  },
  {
    name: "a file written with trailing commas keeps them",
    before: lines("{", '  "context_servers": {', '    "a": {},', "  },", "}"),
    desired: [{ path: ["context_servers", "b"], value: {} }],
    after: lines("{", '  "context_servers": {', '    "a": {},', '    "b": {},', "  },", "}"),
  },
  {
    name: "a one-line object stays on one line",
    before: lines('{"mcp": {"user": {"type": "local"}}}'),
    desired: [{ path: ["mcp", "agentc"], value: { type: "remote", url: "u" } }],
    after: lines('{"mcp": {"user": {"type": "local"}, "agentc": {"type":"remote","url":"u"}}}'),
  },
  {
    name: "an owned, unchanged value is replaced with the new one",
    before: lines("{", '  "mcpServers": {', '    "docs": {"command": "npx", "args": ["docs"]}', "  }", "}"),
    desired: [{ path: ["mcpServers", "docs"], value: { command: "node" } }],
    previous: [docsRecord],
    after: lines("{", '  "mcpServers": {', '    "docs": {', '      "command": "node"', "    }", "  }", "}"),
  },
  {
    name: "an owned value the user changed stays, with a conflict",
    before: lines('{"mcpServers": {"docs": {"command": "my-npx", "args": ["docs"]}}}'),
    desired: [{ path: ["mcpServers", "docs"], value: { command: "node" } }],
    previous: [docsRecord],
    after: lines('{"mcpServers": {"docs": {"command": "my-npx", "args": ["docs"]}}}'),
    conflicts: ["user-modified mcpServers.docs 1:17"],
  },
  {
    name: "a key the user wrote is never overwritten",
    before: lines('{"mcpServers": {"docs": {"command": "theirs"}}}'),
    desired: [docs],
    after: lines('{"mcpServers": {"docs": {"command": "theirs"}}}'),
    conflicts: ["user-written mcpServers.docs 1:17"],
  },
  {
    name: "an owned value the user deleted is written again",
    before: lines('{"mcpServers": {}}'),
    desired: [docs],
    previous: [docsRecord],
    after: lines(
      '{"mcpServers": {',
      '  "docs": {',
      '    "command": "npx",',
      '    "args": [',
      '      "docs"',
      "    ]",
      "  }",
      "}}",
    ),
  },
  {
    name: "an owned, unchanged value no longer wanted is removed with its line",
    before: lines(
      "{",
      '  "mcpServers": {',
      "    // mine first",
      '    "mine": {},',
      '    "docs": {"command": "npx", "args": ["docs"]}',
      "  }",
      "}",
    ),
    desired: [],
    previous: [docsRecord],
    after: lines("{", '  "mcpServers": {', "    // mine first", '    "mine": {}', "  }", "}"),
  },
  {
    name: "an owned value no longer wanted but changed by the user stays, with a conflict",
    before: lines('{"mcpServers": {"docs": {"command": "edited"}}}'),
    desired: [],
    previous: [docsRecord],
    after: lines('{"mcpServers": {"docs": {"command": "edited"}}}'),
    conflicts: ["kept-modified mcpServers.docs 1:17"],
  },
  {
    name: "agentc's list elements come after the user's, which stay in place",
    before: lines(
      "{",
      '  "permissions": {',
      '    "deny": [',
      '      "Bash(rm *)" // mine',
      "    ]",
      "  }",
      "}",
    ),
    desired: [deny("Read(./.env)"), deny("Read(./secrets/**)")],
    after: lines(
      "{",
      '  "permissions": {',
      '    "deny": [',
      '      "Bash(rm *)", // mine',
      '      "Read(./.env)",',
      '      "Read(./secrets/**)"',
      "    ]",
      "  }",
      "}",
    ),
  },
  {
    name: "only agentc's list element is removed; the user's stay",
    before: lines('{"permissions": {"deny": ["Bash(rm *)", "Read(./.env)", "Edit(x)"]}}'),
    desired: [],
    previous: [denyRecord("Read(./.env)")],
    after: lines('{"permissions": {"deny": ["Bash(rm *)", "Edit(x)"]}}'),
  },
  {
    name: "an element the user already has is not added twice",
    before: lines('{"permissions": {"deny": ["Read(./.env)"]}}'),
    desired: [deny("Read(./.env)")],
    after: lines('{"permissions": {"deny": ["Read(./.env)"]}}'),
  },
  {
    name: "a hook entry is an element too: the user's hooks stay, agentc's comes after them",
    before: lines(
      "{",
      '  "hooks": {',
      '    "PreToolUse": [',
      '      { "matcher": "Edit", "hooks": [{ "type": "command", "command": "lint" }] }',
      "    ]",
      "  }",
      "}",
    ),
    desired: [
      {
        path: ["hooks", "PreToolUse"],
        value: { matcher: "Bash", hooks: [{ type: "command", command: "node guard.mjs" }] },
        element: true,
      },
    ],
    after: lines(
      "{",
      '  "hooks": {',
      '    "PreToolUse": [',
      '      { "matcher": "Edit", "hooks": [{ "type": "command", "command": "lint" }] },',
      "      {",
      '        "matcher": "Bash",',
      '        "hooks": [',
      "          {",
      '            "type": "command",',
      '            "command": "node guard.mjs"',
      "          }",
      "        ]",
      "      }",
      "    ]",
      "  }",
      "}",
    ),
  },
  {
    name: "an element asked for twice is added once",
    before: lines('{"permissions": {"deny": []}}'),
    desired: [deny("Read(x)"), deny("Read(x)")],
    after: lines('{"permissions": {"deny": [', '  "Read(x)"', "]}}"),
  },
  {
    name: "an owned element the user deleted is appended again",
    before: lines('{"permissions": {"deny": ["Bash(rm *)"]}}'),
    desired: [deny("Read(./.env)")],
    previous: [denyRecord("Read(./.env)")],
    after: lines('{"permissions": {"deny": ["Bash(rm *)", "Read(./.env)"]}}'),
  },
  {
    name: "a list that is not an array blocks its elements",
    before: lines('{"permissions": {"deny": "Read(./.env)"}}'),
    desired: [deny("Read(x)")],
    after: lines('{"permissions": {"deny": "Read(./.env)"}}'),
    conflicts: ["blocked permissions.deny 1:26"],
  },
  {
    name: "a parent that is not an object blocks the key",
    before: lines('{"mcpServers": ["docs"]}'),
    desired: [docs],
    after: lines('{"mcpServers": ["docs"]}'),
    conflicts: ["blocked mcpServers.docs 1:16"],
  },
  {
    name: "a byte order mark stays in front",
    before: '\uFEFF{"a": 1}',
    desired: [{ path: ["b"], value: true }],
    after: '\uFEFF{"a": 1, "b": true}',
  },
  {
    name: "a file that does not parse is left alone",
    before: lines("{", '  "a": 1', '  "b": 2', "}"),
    desired: [docs],
    after: lines("{", '  "a": 1', '  "b": 2', "}"),
    conflicts: ["unparseable  3:3"],
  },
  {
    name: "a file whose top level is an array is left alone",
    before: lines("[]"),
    desired: [docs],
    after: lines("[]"),
    conflicts: ["unparseable  1:1"],
  },
];

const describeConflict = (c: { kind: string; path: (string | number)[]; line?: number; column?: number }) =>
  `${c.kind} ${c.path.join(".")} ${c.line}:${c.column}`;

describe("composeJson", () => {
  for (const c of cases) {
    it(c.name, () => {
      const result = composeJson(c.before, c.desired, c.previous ?? []);
      assert.equal(result.text, c.after);
      assert.deepEqual(result.conflicts.map(describeConflict), c.conflicts ?? []);
      assert.equal(result.changed, c.after !== (c.before ?? ""));
    });
  }

  it("owns what it wrote and records the hash of the value", () => {
    const result = composeJson(undefined, [docs, deny("Read(x)")], []);
    assert.deepEqual(result.owned, [docsRecord, denyRecord("Read(x)")]);
  });

  it("a value the user wrote identical to agentc's is left alone and not owned", () => {
    const result = composeJson(
      lines('{"mcpServers": {"docs": {"args": ["docs"], "command": "npx"}}}'),
      [docs],
      [],
    );
    assert.deepEqual([result.changed, result.owned, result.conflicts], [false, [], []]);
  });

  it("keeps the old record while the user's change stands, so the conflict is reported again", () => {
    const before = lines('{"mcpServers": {"docs": {"command": "edited"}}}');
    const result = composeJson(before, [docs], [docsRecord]);
    assert.deepEqual(result.owned, [docsRecord]);
  });

  it("reports the conflict with a message and a hint that say what to do", () => {
    const [conflict] = composeJson(lines('{"mcpServers": {"docs": 1}}'), [docs], []).conflicts;
    assert.match(conflict?.message ?? "", /mcpServers\.docs already exists and was not written by agentc/);
    assert.match(conflict?.hint ?? "", /Delete or rename your key/);
  });

  it("names the syntax error of a file that does not parse", () => {
    const [conflict] = composeJson('{"a": }', [docs], [docsRecord]).conflicts;
    assert.match(conflict?.message ?? "", /cannot compose into a file that does not parse: value expected/);
  });

  it("keeps the previous records of a file that does not parse", () => {
    assert.deepEqual(composeJson("{", [docs], [docsRecord]).owned, [docsRecord]);
  });

  it("rejects entries it cannot own without touching the file", () => {
    const result = composeJson(
      lines("{}"),
      [{ path: [], value: 1 }, { path: ["hooks", 0], value: {} }, docs, { path: ["mcpServers"], value: {} }],
      [],
    );
    assert.deepEqual(
      result.conflicts.map((c) => c.kind),
      ["invalid-entry", "invalid-entry", "invalid-entry"],
    );
    assert.deepEqual(parse(result.text), { mcpServers: { docs: docs.value } });
  });

  it("does not remove a value whose entry became invalid", () => {
    const before = lines('{"mcpServers": {"docs": {"command": "npx", "args": ["docs"]}}}');
    const result = composeJson(before, [{ path: ["mcpServers", "docs"], value: undefined }], [docsRecord]);
    assert.equal(result.text, before);
    assert.deepEqual(result.owned, [docsRecord]);
  });

  it("moving ownership from a whole object to one of its keys deletes the old value first", () => {
    const servers = { docs: docs.value };
    const before = lines(JSON.stringify({ mcpServers: servers }));
    const result = composeJson(before, [docs], [{ path: ["mcpServers"], hash: valueHash(servers) }]);
    assert.deepEqual(
      [parse(result.text), result.owned, result.conflicts],
      [{ mcpServers: servers }, [docsRecord], []],
    );
  });

  it("with nothing to write into a missing file, writes no file", () => {
    assert.deepEqual(composeJson(undefined, [], []), { text: "", owned: [], conflicts: [], changed: false });
  });
});

describe("valueHash", () => {
  it("does not depend on key order", () =>
    assert.equal(valueHash({ a: 1, b: [1, { c: 2, d: 3 }] }), valueHash({ b: [1, { d: 3, c: 2 }], a: 1 })));
  it("tells different values apart", () => assert.notEqual(valueHash({ a: 1 }), valueHash({ a: "1" })));
});

describe("composeJson with entries it cannot own", () => {
  const before = lines('{"mcpServers": {"docs": {"command": "npx", "args": ["docs"]}}}');
  const bad: [string, unknown][] = [
    ["undefined", undefined],
    ["a bigint", 1n],
    ["NaN", Number.NaN],
    ["a member that is undefined", { command: undefined }],
    [
      "a cycle",
      (() => {
        const cycle: Record<string, unknown> = {};
        cycle.self = cycle;
        return cycle;
      })(),
    ],
  ];
  for (const [name, value] of bad) {
    it(`rejects ${name} and keeps the value it owned`, () => {
      const result = composeJson(before, [{ path: ["mcpServers", "docs"], value }], [docsRecord]);
      assert.deepEqual([result.text, result.owned], [before, [docsRecord]]);
      assert.deepEqual(
        result.conflicts.map((c) => c.kind),
        ["invalid-entry"],
      );
    });
  }

  it("a second entry for the same key is rejected once, and the first one still counts", () => {
    const result = composeJson(before, [docs, { path: ["mcpServers", "docs"], value: 2 }], [docsRecord]);
    assert.deepEqual([result.text, result.owned], [before, [docsRecord]]);
    assert.deepEqual(
      result.conflicts.map((c) => c.kind),
      ["invalid-entry"],
    );
  });
});

describe("composeJson: the objects and arrays agentc created around its values", () => {
  const userText = `{
  // ours
  "model": "opus",
  "permissions": { "allow": ["Bash(make)"] }
}
`;
  const entries: OwnedEntry[] = [
    { path: ["permissions", "deny"], value: "Read(./.env)", element: true },
    { path: ["hooks", "PreToolUse"], value: { matcher: "Read", hooks: [] }, element: true },
    { path: ["mcpServers", "docs"], value: { url: "https://docs.example.com" } },
  ];

  it("records the containers it created, not the ones that were there", () => {
    const installed = composeJson(userText, entries, []);
    assert.deepEqual(installed.containers, [
      ["permissions", "deny"],
      ["hooks"],
      ["hooks", "PreToolUse"],
      ["mcpServers"],
    ]);
  });

  it("takes them out again when its values go, leaving the person's text byte for byte", () => {
    const installed = composeJson(userText, entries, []);
    const removed = composeJson(installed.text, [], installed.owned, installed.containers);
    assert.equal(removed.text, userText);
    assert.deepEqual(removed.containers, []);
  });

  it("keeps a container once the person put something in it, and forgets it only when it is gone", () => {
    const installed = composeJson(userText, entries, []);
    const edited = installed.text.replace('"Read(./.env)"', '"Read(./.env)", "Read(./keys/**)"');
    const removed = composeJson(edited, [], installed.owned, installed.containers);
    assert.match(removed.text, /"deny": \["Read\(\.\/keys\/\*\*\)"\]/);
    assert.doesNotMatch(removed.text, /hooks|mcpServers/);
    assert.deepEqual(removed.containers, [["permissions", "deny"]]);
  });

  it("keeps an emptied container that holds a comment", () => {
    const installed = composeJson(userText, [entries[2] as OwnedEntry], []);
    const commented = installed.text.replace(/("docs": \{[^}]*\})/, "$1 // the docs server");
    const removed = composeJson(commented, [], installed.owned, installed.containers);
    assert.match(removed.text, /"mcpServers": \{\s*\/\/ the docs server\s*\}/);
  });

  it("never removes an empty container it did not create", () => {
    const text = '{\n  "permissions": { "deny": [] }\n}\n';
    const installed = composeJson(text, [entries[0] as OwnedEntry], []);
    assert.deepEqual(installed.containers, []);
    assert.equal(composeJson(installed.text, [], installed.owned, installed.containers).text, text);
  });

  it("a file it created goes back to an empty object", () => {
    const installed = composeJson(undefined, entries, []);
    assert.equal(composeJson(installed.text, [], installed.owned, installed.containers).text, "{}\n");
  });
});
