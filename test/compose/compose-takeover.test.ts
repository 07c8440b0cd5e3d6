import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { parse as parseJsonc } from "jsonc-parser";
import { composeJson } from "../../src/compose/compose-json.js";
import { composeToml } from "../../src/compose/compose-toml.js";
import type { OwnedEntry } from "../../src/compose/model.js";
import { valueHash } from "../../src/compose/value-hash.js";

/**
 * Issue 29: a person's values equal to what agentc composes are adopted; when the bundle changes them, agentc
 * takes them over in place and gives the person's text back when it lets go. Property: for any layout of the
 * person's file (inline or one element a line, comments, CRLF, trailing commas), any hooks and server, and any
 * change of the bundle, the second compose holds each wanted value once and none of the adopted ones it
 * replaced, and composing nothing afterwards gives the file back byte for byte.
 */
interface Hook {
  matcher: string;
  hooks: { type: string; command: string }[];
}

const word = fc.stringMatching(/^[a-z]{1,6}$/);
/** Hooks whose matcher starts with `prefix`: the person's own, the adopted and the changed ones never meet. */
const hooks = (prefix: string, minLength: number) =>
  fc
    .uniqueArray(
      fc.record({
        matcher: word.map((w) => `${prefix}${w}`),
        hooks: fc.array(fc.record({ type: fc.constant("command"), command: word }), {
          minLength: 1,
          maxLength: 2,
        }),
      }),
      { minLength, maxLength: 3, selector: (h) => h.matcher },
    )
    .map((list): Hook[] => JSON.parse(JSON.stringify(list))); // plain objects, as a registry file holds
const style = fc.record({
  eol: fc.constantFrom("\n", "\r\n"),
  inline: fc.boolean(),
  comment: fc.option(word, { nil: undefined }),
  trailingComma: fc.boolean(),
});

function render(
  own: Hook[],
  adopted: Hook[],
  server: unknown,
  s: { eol: string; inline: boolean; comment?: string; trailingComma: boolean },
): string {
  const elements = [...own, ...adopted].map((h) => JSON.stringify(h));
  const comma = s.trailingComma ? "," : "";
  const list = s.inline
    ? `[${elements.join(", ")}]`
    : `[${s.eol}      ${elements.join(`,${s.eol}      `)}${comma}${s.eol}    ]`;
  const note = s.comment === undefined ? "" : `  // ${s.comment}${s.eol}`;
  return `{${s.eol}${note}  "hooks": {${s.eol}    "Stop": ${list}${s.eol}  },${s.eol}  "mcpServers": { "docs": ${JSON.stringify(server)} }${comma}${s.eol}}${s.eol}`;
}

const entries = (hooks: Hook[], server: unknown): OwnedEntry[] => [
  ...hooks.map((value) => ({ path: ["hooks", "Stop"], element: true, value })),
  { path: ["mcpServers", "docs"], value: server },
];

describe("composed values agentc adopted are taken over in place and given back (issue 29)", () => {
  it("no value twice after a change; the person's file back byte for byte afterwards", () => {
    fc.assert(
      fc.property(
        hooks("o", 0),
        hooks("a", 1),
        hooks("c", 0),
        style,
        word,
        (own, adopted, changed, s, arg) => {
          const server = { command: "npx", args: ["docs"] };
          const text = render(own, adopted, server, s);
          const first = composeJson(text, entries(adopted, server), []);
          assert.equal(first.text, text, "the first compose adopts, it writes nothing");
          const wanted = entries(changed, { command: "npx", args: ["docs", arg] });
          const second = composeJson(text, wanted, first.owned, [], first.adopted);
          const after = parseJsonc(second.text);
          // each changed hook takes an adopted one's place in file order; the rest are appended or stay the person's
          const n = Math.min(adopted.length, changed.length);
          const expected = [...own, ...changed.slice(0, n), ...adopted.slice(n), ...changed.slice(n)];
          assert.deepEqual(after.hooks.Stop, expected);
          assert.deepEqual(
            after.mcpServers.docs.args,
            ["docs", arg],
            "the changed server took the person's place",
          );
          const back = composeJson(second.text, [], second.owned, second.containers ?? []);
          assert.equal(back.text, text, "composing nothing gives the person's file back");
        },
      ),
      { numRuns: 300 },
    );
  });

  it("TOML: a person's [table] agentc adopted is taken over and its sections given back as written", () => {
    const mine =
      'model = "x"\n\n# docs server\n[mcp_servers.docs]\ncommand = "npx"   # pinned\nargs = ["-y", "docs"]\n\n[mcp_servers.docs.env]\nA = "1"\n';
    const old = { command: "npx", args: ["-y", "docs"], env: { A: "1" } };
    const entry = (value: unknown) => [{ path: ["mcp_servers", "docs"], value }];
    const first = composeToml(mine, entry(old), []);
    assert.equal(first.text, mine);
    assert.deepEqual(first.adopted, [{ path: ["mcp_servers", "docs"], hash: valueHash(old) }]);
    const second = composeToml(mine, entry({ ...old, args: ["-y", "docs@2"] }), first.owned, first.adopted);
    assert.deepEqual(second.conflicts, []);
    assert.match(second.text, /docs@2/);
    assert.doesNotMatch(second.text, /"docs"\]/);
    assert.equal(composeToml(second.text, [], second.owned).text, mine);
  });

  it("TOML: a table written with dotted keys is not taken over: it stays the person's, as before", () => {
    const mine = 'mcp_servers.docs.command = "npx"\n';
    const entry = (command: string) => [{ path: ["mcp_servers", "docs"], value: { command } }];
    const first = composeToml(mine, entry("npx"), []);
    const second = composeToml(mine, entry("uvx"), first.owned, first.adopted);
    assert.equal(second.text, mine);
    assert.equal(second.conflicts[0]?.kind, "user-written");
  });

  it("hooks edited in the registry: each replaces the person's in place, none stays beside it", () => {
    const mine =
      '{\n  "hooks": {\n    "Stop": [{ "hooks": [{ "type": "command", "command": "make test" }] }]\n  }\n}\n';
    const old = { hooks: [{ type: "command", command: "make test" }] };
    const edited = { hooks: [{ type: "command", command: "make check" }] };
    const first = composeJson(mine, [{ path: ["hooks", "Stop"], element: true, value: old }], []);
    assert.deepEqual(first.adopted, [{ path: ["hooks", "Stop"], element: true, hash: valueHash(old) }]);
    const second = composeJson(
      mine,
      [{ path: ["hooks", "Stop"], element: true, value: edited }],
      first.owned,
      [],
      first.adopted,
    );
    assert.deepEqual(parseJsonc(second.text).hooks.Stop, [edited]);
    assert.equal(second.owned[0]?.original, '{ "hooks": [{ "type": "command", "command": "make test" }] }');
    assert.equal(composeJson(second.text, [], second.owned).text, mine);
  });

  describe("permission strings agentc import read, taken over (--take-imported)", () => {
    const mine =
      '{\n  "permissions": {\n    "allow": ["Bash(just *)", "Bash(cargo *)", "Read", "WebFetch(domain:docs.rs)"]\n  }\n}\n';
    const allow = (value: string): OwnedEntry => ({ path: ["permissions", "allow"], element: true, value });
    const imported = ["Bash(just *)", "Bash(cargo *)", "Read", "WebFetch(domain:docs.rs)"].map((value) => ({
      path: ["permissions", "allow"],
      element: true,
      hash: valueHash(value),
      imported: true,
    }));
    const wanted = ["Bash(cargo:*)", "Bash(just:*)", "PowerShell(just:*)", "WebFetch(domain:docs.rs)"].map(
      allow,
    );

    it("each takes the place of the imported one of the same tool it shares the longest start with", () => {
      const once = composeJson(mine, wanted, [], [], imported);
      assert.deepEqual(parseJsonc(once.text).permissions.allow, [
        "Bash(just:*)",
        "Bash(cargo:*)",
        "Read",
        "WebFetch(domain:docs.rs)",
        "PowerShell(just:*)",
      ]);
      assert.equal(composeJson(once.text, [], once.owned).text, mine, "letting go gives each back in place");
    });

    it("a string the person wrote, or one adopted only for being equal, is never replaced", () => {
      const adopted = imported.map(({ imported: _, ...record }) => record);
      const once = composeJson(mine, wanted, [], [], adopted);
      const allowed = parseJsonc(once.text).permissions.allow;
      assert.deepEqual(allowed.slice(0, 4), [
        "Bash(just *)",
        "Bash(cargo *)",
        "Read",
        "WebFetch(domain:docs.rs)",
      ]);
      assert.deepEqual(allowed.slice(4), ["Bash(cargo:*)", "Bash(just:*)", "PowerShell(just:*)"]);
    });
  });
});
