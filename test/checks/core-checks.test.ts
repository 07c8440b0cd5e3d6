import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Check } from "../../src/checks/check.js";
import { commandUsesArguments } from "../../src/core/checks/command-uses-arguments.js";
import { coreBodyPresent } from "../../src/core/checks/core-body-present.js";
import { coreFileMatchesSchema } from "../../src/core/checks/core-file-matches-schema.js";
import { coreFileNameWellFormed } from "../../src/core/checks/core-file-name-well-formed.js";
import { coreFrontmatterIsWellFormed } from "../../src/core/checks/core-frontmatter-is-well-formed.js";
import { coreNameMatchesPath } from "../../src/core/checks/core-name-matches-path.js";
import { coreNameUnique } from "../../src/core/checks/core-name-unique.js";
import { hookFieldsFitEvent } from "../../src/core/checks/hook-fields-fit-event.js";
import { coreChecks } from "../../src/core/checks/index.js";
import { mcpPlaceholdersWellFormed } from "../../src/core/checks/mcp-placeholders-well-formed.js";
import { mcpServerNameWellFormed } from "../../src/core/checks/mcp-server-name-well-formed.js";
import { permissionListsDisagree } from "../../src/core/checks/permission-lists-disagree.js";
import { permissionPatternWellFormed } from "../../src/core/checks/permission-pattern-well-formed.js";
import { permissionQualifierFitsVerb } from "../../src/core/checks/permission-qualifier-fits-verb.js";
import { permissionRuleNamesAVerb } from "../../src/core/checks/permission-rule-names-a-verb.js";
import { permissionVerbInTools } from "../../src/core/checks/permission-verb-in-tools.js";
import { loadCore } from "../../src/core/load-core.js";
import type { Fixture } from "../../src/diagnostics/check-meta.js";
import { coreMarkdown, json, reviewSkill } from "../../src/diagnostics/core-fixtures.js";
import type { Diagnostic } from "../../src/diagnostics/diagnostic.js";
import { checkTable, locate } from "../support/check-harness.js";
import { testdir } from "../support/testdir.js";

/** The core checks are raised by loadCore: the tables run it alone, on real folders. */
const loadCoreFindings = (check: Check, files: Fixture): Diagnostic[] =>
  loadCore(testdir(files)).diagnostics.filter((d) => d.id === check.id);
const show = (d: Diagnostic) => `${d.severity} ${d.file}:${d.line}:${d.column} ${d.message}`;

const skillPath = "core/skills/review/SKILL.md";
const skill = (lines: string[], body = ["# Review", "", "Steps."]) => ({
  [skillPath]: coreMarkdown(["name: review", "description: Reviews the change.", ...lines], body),
});
const at = (files: Fixture, file: string, needle: string, nth = 0) => locate(files, file, needle, nth);
const atSkill = (files: Fixture, needle: string, nth = 0) => at(files, skillPath, needle, nth);
const permissions = (value: object) => ({ "core/permissions.json": json({ version: 1, ...value }) });
const hooks = (list: object[]) => ({ "core/hooks.json": json({ version: 1, hooks: list }) });
const mcp = (servers: object) => ({ "core/mcp.json": json({ version: 1, servers }) });

describe("core checks", () => {
  it("use ids AGC060–AGC079 in order, all load-stage, with unique slugs", () => {
    const ids = coreChecks.map((c) => c.id);
    assert.deepEqual(ids, [...ids].sort());
    assert.equal(new Set(coreChecks.map((c) => c.slug)).size, ids.length);
    for (const check of coreChecks) {
      assert.match(check.id, /^AGC0(6\d|7\d)$/);
      assert.equal(check.stage, "load");
    }
  });

  for (const check of coreChecks) {
    it(`${check.id}: the passing example loads without errors, the failing one yields ${check.id}`, () => {
      const passing = loadCore(testdir(check.examples.passing)).diagnostics;
      assert.deepEqual(passing.map(show), []);
      const failing = loadCore(testdir(check.examples.failing)).diagnostics;
      assert.ok(
        failing.some((d) => d.id === check.id),
        failing.map(show).join("\n"),
      );
    });
  }
});

const noBlock = { [skillPath]: "# Review\n\nNo frontmatter.\n" };
const unclosed = { [skillPath]: "---\nname: review\n# Review\n" };
const badYaml = skill(["tools: [read"]);
const listMatter = { [skillPath]: "---\n- read\n---\n# Review\n" };
const twiceKey = skill(["name: again"]);

checkTable(
  coreFrontmatterIsWellFormed,
  {
    valid: [
      { name: "a skill", files: { [skillPath]: reviewSkill } },
      {
        name: "a byte-order mark and CRLF line ends",
        files: { [skillPath]: `\uFEFF${reviewSkill.replace(/\n/g, "\r\n")}` },
      },
    ],
    invalid: [
      {
        name: "no frontmatter",
        files: noBlock,
        findings: [{ file: skillPath, line: 1, column: 1, message: "does not start" }],
      },
      {
        name: "a block never closed",
        files: unclosed,
        findings: [{ file: skillPath, line: 1, column: 1, message: "never closed" }],
      },
      {
        name: "malformed YAML",
        files: badYaml,
        findings: [{ ...atSkill(badYaml, "[read"), column: 13, message: "malformed YAML" }],
      },
      {
        name: "a list, not a mapping",
        files: listMatter,
        findings: [{ file: skillPath, line: 2, column: 1, message: "mapping" }],
      },
      {
        name: "a key written twice",
        files: twiceKey,
        findings: [{ ...atSkill(twiceKey, "name", 1), message: "unique" }],
      },
    ],
  },
  loadCoreFindings,
);

const unknownKey = skill(["allowed-tools: [read]"]);
const badVerb = skill(["tools: [read, bash]"]);
const badTrigger = skill(["triggers: [auto]"]);
const noDescription = { [skillPath]: coreMarkdown(["name: review"], ["Steps."]) };
const hookWithoutCommand = hooks([{ event: "stop" }]);
const stdioWithUrl = mcp({ docs: { transport: "stdio", command: "docs", url: "https://x.example" } });
const remoteWithoutUrl = mcp({ docs: { transport: "http", command: "docs" } });
const badEvent = hooks([{ event: "before_shell", command: "guard" }]);

checkTable(
  coreFileMatchesSchema,
  {
    valid: [
      { name: "the reference skill", files: { [skillPath]: reviewSkill } },
      {
        name: `a remote server with \${VAR} in its url`,
        files: mcp({ d: { transport: "sse", url: `\${DOCS_URL}` } }),
      },
    ],
    invalid: [
      {
        name: "an unknown frontmatter key, at the key",
        files: unknownKey,
        findings: [
          {
            ...atSkill(unknownKey, "allowed-tools"),
            message: 'Unexpected key "allowed-tools" in the frontmatter',
          },
        ],
      },
      {
        name: "a client tool name instead of a verb, at the item",
        files: badVerb,
        findings: [{ ...atSkill(badVerb, "bash"), message: "tools[1]" }],
      },
      {
        name: "an unknown trigger",
        files: badTrigger,
        findings: [{ ...atSkill(badTrigger, "auto"), message: "triggers[0]" }],
      },
      {
        name: "a missing description, at the block",
        files: noDescription,
        findings: [{ file: skillPath, line: 2, column: 1, message: '"description"' }],
      },
      {
        name: "a hook without command",
        files: hookWithoutCommand,
        findings: [
          { ...at(hookWithoutCommand, "core/hooks.json", '{\n      "event"'), message: '"command"' },
        ],
      },
      {
        name: "an unknown hook event",
        files: badEvent,
        findings: [{ ...at(badEvent, "core/hooks.json", '"before_shell"'), message: "hooks[0].event" }],
      },
      {
        name: "a stdio server with a url",
        files: stdioWithUrl,
        findings: [{ ...at(stdioWithUrl, "core/mcp.json", '"url"'), message: 'Unexpected key "url"' }],
      },
      {
        name: "a remote server without url, with a command",
        files: remoteWithoutUrl,
        findings: [
          { ...at(remoteWithoutUrl, "core/mcp.json", '{\n      "transport"'), message: '"url"' },
          { ...at(remoteWithoutUrl, "core/mcp.json", '"command"'), message: 'Unexpected key "command"' },
        ],
      },
    ],
  },
  loadCoreFindings,
);

const wrongName = skill([]);
wrongName[skillPath] = (wrongName[skillPath] ?? "").replace("name: review", "name: reviewer");
const wrongAgent = {
  "core/agents/reviewer.md": coreMarkdown(["name: critic", "description: Reviews."], ["Review."]),
};

checkTable(
  coreNameMatchesPath,
  {
    valid: [{ name: "name equal to the folder", files: { [skillPath]: reviewSkill } }],
    invalid: [
      {
        name: "a skill named unlike its folder, at the name",
        files: wrongName,
        findings: [{ ...atSkill(wrongName, "reviewer"), message: '"review"' }],
      },
      {
        name: "an agent named unlike its file",
        files: wrongAgent,
        findings: [{ ...at(wrongAgent, "core/agents/reviewer.md", "critic"), message: '"reviewer"' }],
      },
    ],
  },
  loadCoreFindings,
);

const longName = "a".repeat(65);
checkTable(
  coreFileNameWellFormed,
  {
    valid: [
      {
        name: "lowercase words with hyphens",
        files: { "core/commands/fix-tests-2.md": coreMarkdown(["description: Fix."], ["Fix."]) },
      },
    ],
    invalid: [
      {
        name: "a command with capitals and _",
        files: { "core/commands/Fix_Tests.md": coreMarkdown(["description: Fix."], ["Fix."]) },
        findings: [{ file: "core/commands/Fix_Tests.md", line: 1, column: 1, message: '"Fix_Tests"' }],
      },
      {
        name: "a skill folder of 65 characters",
        files: {
          [`core/skills/${longName}/SKILL.md`]: coreMarkdown(
            [`name: ${longName}`, "description: Long."],
            ["Long."],
          ),
        },
        findings: [{ file: `core/skills/${longName}`, line: 1, column: 1, message: "at most 64" }],
      },
      {
        name: "a double hyphen",
        files: {
          "core/agents/code--review.md": coreMarkdown(["name: code--review", "description: R."], ["R."]),
        },
        findings: [{ file: "core/agents/code--review.md", line: 1, column: 1, message: "single hyphens" }],
      },
    ],
  },
  loadCoreFindings,
);

const bashRule = skill(["permissions:", "  deny: [Bash(git push), Write]"]);
checkTable(
  permissionRuleNamesAVerb,
  {
    valid: [
      { name: "verbs in any case", files: skill(["permissions:", "  deny: [EDIT, exec(git push), Fetch]"]) },
    ],
    invalid: [
      {
        name: "client tool names, at each rule",
        files: bashRule,
        findings: [
          { ...atSkill(bashRule, "Bash("), message: '"Bash" in "Bash(git push)"' },
          { ...atSkill(bashRule, "Write"), message: '"Write"' },
        ],
      },
    ],
  },
  loadCoreFindings,
);

const goodPatterns = [
  "permissions:",
  "  allow: ['Read(src/**/*.{ts,tsx})', 'Mcp(github/*)', 'Mcp(docs)', 'Fetch(*.example.com)', 'Skill(code-review)', 'Glob(docs/[a-z]*.md)']",
  "  deny: ['exec(git push --force)', 'Agent(reviewer)']",
];
const badPatterns = skill([
  "permissions:",
  "  deny: ['Exec(git push:*)', 'Exec()', 'Exec(git push', 'Read(./src/**)', 'Edit(src/[a)', 'Read(../x)']",
  "  ask: ['Fetch(https://x.example)', 'Mcp(mcp__github__x)', 'Skill(fw-*)', 'Exec( npm test)']",
]);
const badJsonPattern = permissions({ deny: [{ verb: "read", paths: ["ok/**", "C:\\secrets"] }] });
const cases: [string, string][] = [
  ["'Exec(git push:*)'", "drop the trailing"],
  ["'Exec()'", "is empty"],
  ["'Exec(git push'", "neither 'verb' nor 'Verb(pattern)'"],
  ["'Read(./src/**)'", "relative to the project root"],
  ["'Edit(src/[a)'", "unclosed"],
  ["'Read(../x)'", "'..'"],
  ["'Fetch(https", "only the host"],
  ["'Mcp(mcp__", "'server/tool'"],
  ["'Skill(fw-*)'", "no wildcards"],
  ["'Exec( npm test)'", "spaces"],
];
checkTable(
  permissionPatternWellFormed,
  {
    valid: [
      { name: "a pattern of every kind", files: skill(goodPatterns) },
      {
        name: "permissions.json patterns",
        files: permissions({ allow: [{ verb: "mcp", tools: ["github/create_issue"] }] }),
      },
    ],
    invalid: [
      {
        name: "client spellings and malformed patterns, at each rule",
        files: badPatterns,
        findings: cases.map(([needle, message]) => ({ ...atSkill(badPatterns, needle), message })),
      },
      {
        name: "a bad item of a permissions.json list, at the item",
        files: badJsonPattern,
        findings: [{ ...at(badJsonPattern, "core/permissions.json", '"C:'), message: "'/'" }],
      },
    ],
  },
  loadCoreFindings,
);

const misfit = permissions({
  deny: [
    { verb: "exec", paths: [".env"] },
    { verb: "read", commands: ["cat"], domains: ["x.example"] },
  ],
});
checkTable(
  permissionQualifierFitsVerb,
  {
    valid: [
      {
        name: "each verb with its key",
        files: permissions({
          deny: [
            { verb: "fetch", domains: ["x.example"] },
            { verb: "skill", names: ["deploy"] },
          ],
        }),
      },
    ],
    invalid: [
      {
        name: "keys of other verbs, at each key",
        files: misfit,
        findings: [
          { ...at(misfit, "core/permissions.json", '"paths"'), message: 'it takes "commands"' },
          {
            ...at(misfit, "core/permissions.json", '"commands"'),
            message: '"commands" does not narrow verb "read"',
          },
          { ...at(misfit, "core/permissions.json", '"domains"'), message: '"domains"' },
        ],
      },
    ],
  },
  loadCoreFindings,
);

const twice = permissions({
  deny: [{ verb: "exec", commands: ["git push"] }],
  ask: [{ verb: "exec", commands: ["npm publish", "git push"] }],
  allow: [{ verb: "exec", commands: ["git push"] }],
});
const coarseTwice = skill(["permissions:", "  ask: [edit]", "  allow: [Edit, Read]"]);
checkTable(
  permissionListsDisagree,
  {
    valid: [
      {
        name: "a prefix and a longer command",
        files: permissions({
          deny: [{ verb: "exec", commands: ["git push"] }],
          allow: [{ verb: "exec", commands: ["git"] }],
        }),
      },
    ],
    invalid: [
      {
        name: "one command in three lists, at the weaker rules",
        files: twice,
        findings: [
          { ...at(twice, "core/permissions.json", "{", 2), message: "Exec(git push) in ask is also in deny" },
          {
            ...at(twice, "core/permissions.json", "{", 3),
            message: "Exec(git push) in allow is also in deny",
          },
        ],
      },
      {
        name: "a coarse verb in a skill's ask and allow",
        files: coarseTwice,
        findings: [{ ...atSkill(coarseTwice, "Edit"), message: "edit in allow is also in ask" }],
      },
    ],
  },
  loadCoreFindings,
);

const clash = {
  [skillPath]: reviewSkill,
  "core/commands/review.md": coreMarkdown(["description: Reviews."], ["Review."]),
};
const twiceServer = {
  "core/mcp.json":
    '{\n  "version": 1,\n  "servers": {\n    "docs": {"transport": "stdio", "command": "a"},\n    "docs": {"transport": "stdio", "command": "b"}\n  }\n}\n',
};
checkTable(
  coreNameUnique,
  {
    valid: [
      {
        name: "a skill and an agent of one name",
        files: {
          [skillPath]: reviewSkill,
          "core/agents/review.md": coreMarkdown(["name: review", "description: R."], ["R."]),
        },
      },
    ],
    invalid: [
      {
        name: "a command named like a skill",
        files: clash,
        findings: [
          {
            file: "core/commands/review.md",
            line: 1,
            column: 1,
            message: `/review is both this command and the skill in ${skillPath}`,
          },
        ],
      },
      {
        name: "a server written twice, at the second",
        files: twiceServer,
        findings: [{ ...at(twiceServer, "core/mcp.json", '"docs"', 1), message: '"docs" is written twice' }],
      },
    ],
  },
  loadCoreFindings,
);

const spaced = mcp({
  "git hub": { transport: "stdio", command: "gh" },
  my_server: { transport: "stdio", command: "m" },
});
const writtenAs = mcp({ tools: { transport: "stdio", command: "t", name: "my_tools", clients: ["cursor"] } });
checkTable(
  mcpServerNameWellFormed,
  {
    valid: [
      {
        name: "letters, digits and hyphens",
        files: mcp({ "issue-tracker2": { transport: "stdio", command: "t" } }),
      },
    ],
    invalid: [
      {
        name: "a space (error) and an underscore (warning), at the key",
        files: spaced,
        findings: [
          { ...at(spaced, "core/mcp.json", '"git hub"'), message: "characters other than" },
          { ...at(spaced, "core/mcp.json", '"my_server"'), message: "ambiguous", severity: "warning" },
        ],
      },
      {
        name: "an underscore in the name the clients' files give it (warning), at that value",
        files: writtenAs,
        findings: [
          { ...at(writtenAs, "core/mcp.json", '"my_tools"'), message: "ambiguous", severity: "warning" },
        ],
      },
    ],
  },
  loadCoreFindings,
);

const badPlaceholders = mcp({
  t: {
    transport: "stdio",
    command: `\${BIN`,
    args: ["--token", `\${1TOKEN}`],
    env: { A: `\${env:A}`, B: `\${B:-x} and $C` },
  },
});
checkTable(
  mcpPlaceholdersWellFormed,
  {
    valid: [
      {
        name: `\${VAR}, \${VAR:-default} and plain $`,
        files: mcp({
          t: {
            transport: "http",
            url: `https://x.example/\${PATH_PART:-mcp}`,
            headers: { A: `$HOME \${TOKEN}` },
          },
        }),
      },
    ],
    invalid: [
      {
        name: "client syntax and broken placeholders, at each value",
        files: badPlaceholders,
        findings: [
          { ...at(badPlaceholders, "core/mcp.json", `"\${BIN"`), message: `"\${BIN"` },
          { ...at(badPlaceholders, "core/mcp.json", `"\${1TOKEN}"`), message: `"\${1TOKEN}"` },
          { ...at(badPlaceholders, "core/mcp.json", `"\${env:A}"`), message: `"\${env:A}"` },
        ],
      },
    ],
  },
  loadCoreFindings,
);

const misfitHooks = hooks([
  { event: "session_start", verbs: ["read"], command: "a" },
  { event: "after_tool", verbs: ["edit"], command: "b", fail_closed: true },
]);
checkTable(
  hookFieldsFitEvent,
  {
    valid: [
      {
        name: "tool verbs, blocking fail_closed, explicit false elsewhere",
        files: hooks([
          { event: "after_tool_failure", verbs: ["exec"], command: "log" },
          { event: "prompt_submit", command: "scan", fail_closed: true },
          { event: "stop", command: "t", fail_closed: false },
        ]),
      },
    ],
    invalid: [
      {
        name: "verbs on a session event, fail_closed after a tool, at the keys",
        files: misfitHooks,
        findings: [
          {
            ...at(misfitHooks, "core/hooks.json", '"verbs"'),
            message: '"verbs" has no meaning for event "session_start"',
          },
          { ...at(misfitHooks, "core/hooks.json", '"fail_closed"'), message: "before_tool, prompt_submit" },
        ],
      },
    ],
  },
  loadCoreFindings,
);

const outside = skill([
  "tools: [read]",
  "permissions:",
  "  allow: [Exec(npm test)]",
  "  ask: [fetch]",
  "  deny: [edit]",
]);
checkTable(
  permissionVerbInTools,
  {
    valid: [
      {
        name: "deny for a verb outside tools",
        files: skill(["tools: [read]", "permissions:", "  deny: [edit, exec]"]),
      },
      { name: "no tools list at all", files: skill(["permissions:", "  allow: [Exec(npm test)]"]) },
    ],
    invalid: [
      {
        name: "allow and ask outside tools, at each rule",
        files: outside,
        findings: [
          { ...atSkill(outside, "Exec(npm test)"), message: 'allow names "exec"', severity: "warning" },
          { ...atSkill(outside, "fetch"), message: 'ask names "fetch"', severity: "warning" },
        ],
      },
    ],
  },
  loadCoreFindings,
);

const unusedHint = {
  "core/commands/fix.md": coreMarkdown(["description: Fix.", "argument_hint: <issue>"], ["Fix it."]),
};
checkTable(
  commandUsesArguments,
  {
    valid: [
      {
        name: "$1 in the body",
        files: {
          "core/commands/fix.md": coreMarkdown(["description: Fix.", "argument_hint: <issue>"], ["Fix $1."]),
        },
      },
      {
        name: "no hint, no placeholder",
        files: { "core/commands/fix.md": coreMarkdown(["description: Fix."], ["Fix it."]) },
      },
    ],
    invalid: [
      {
        name: "a hint the body ignores, at the hint",
        files: unusedHint,
        findings: [
          {
            ...at(unusedHint, "core/commands/fix.md", "argument_hint"),
            message: "neither $ARGUMENTS nor $1..$9",
          },
        ],
      },
    ],
  },
  loadCoreFindings,
);

checkTable(
  coreBodyPresent,
  {
    valid: [
      {
        name: "a one-line body",
        files: { "core/agents/a.md": coreMarkdown(["name: a", "description: A."], ["Do it."]) },
      },
    ],
    invalid: [
      {
        name: "an agent without body, at the closing line",
        files: { "core/agents/a.md": coreMarkdown(["name: a", "description: A."], []) },
        findings: [{ file: "core/agents/a.md", line: 4, column: 1, message: "no text" }],
      },
      {
        name: "a command with blank lines only",
        files: { "core/commands/c.md": coreMarkdown(["description: C."], ["", "  "]) },
        findings: [{ file: "core/commands/c.md", line: 3, column: 1, message: "no text" }],
      },
    ],
  },
  loadCoreFindings,
);
