import assert from "node:assert/strict";
import { chmodSync, cpSync, mkdirSync, readFileSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import fc from "fast-check";
import { loadCore } from "../../src/core/load-core.js";
import type { Core, PermissionRule } from "../../src/core/model.js";
import { packageRoot } from "../../src/shared/package-paths.js";
import { locate } from "../support/check-harness.js";
import { testdir, writeFiles } from "../support/testdir.js";

const example = join(packageRoot, "test", "fixtures", "core-example");
const exampleText = (file: string) => readFileSync(join(example, file), "utf8");
const at = (file: string, needle: string, nth = 0) =>
  locate({ [file]: exampleText(file) }, file, needle, nth);

/** A rule as "verb pattern… @line:column", compact enough to compare whole lists. */
const showRule = (r: PermissionRule) =>
  `${r.verb}${r.patterns.length ? `(${r.patterns.join(", ")})` : ""} @${r.position.line}:${r.position.column}`;

/** The core without functions, as plain data. */
const asData = (core: Core) => JSON.parse(JSON.stringify(core)) as unknown;

describe("loadCore on the complete example", () => {
  const { core, diagnostics } = loadCore(example);

  it("loads without diagnostics", () => {
    assert.deepEqual(diagnostics, []);
  });

  it("reads skills sorted by folder, with defaults, supporting files and body positions", () => {
    assert.deepEqual(
      core.skills.map((s) => [s.name, s.triggers, s.tools, s.supportingFiles, s.bodyLine]),
      [
        [
          "code-review",
          ["user", "model"],
          ["read", "grep", "glob", "exec"],
          ["core/skills/code-review/checklist.md", "core/skills/code-review/scripts/diff-stats.sh"],
          10,
        ],
        ["explain-code", ["model"], ["read", "grep", "glob"], [], 10],
        ["fix-tests", ["user"], ["read", "grep", "glob", "edit", "exec"], [], 13],
      ],
    );
    const fixTests = core.skills[2];
    assert.equal(fixTests?.argumentHint, "[test-file]");
    assert.equal(fixTests?.model, "inherit");
    assert.match(fixTests?.body ?? "", /^# Fix tests\n/);
    assert.deepEqual(core.skills[1]?.metadata, { owner: "platform-team" });
  });

  it("parses skill permission rules into verbs and patterns at the position of each rule", () => {
    const file = "core/skills/code-review/SKILL.md";
    const review = core.skills[0];
    const where = (needle: string) => {
      const p = at(file, needle);
      return `@${p.line}:${p.column}`;
    };
    assert.deepEqual(review?.permissions.allow.map(showRule), [
      `exec(git diff) ${where("Exec(git diff)")}`,
      `exec(git log) ${where("Exec(git log)")}`,
    ]);
    assert.deepEqual(review?.permissions.deny.map(showRule), [
      `edit ${where("edit,")}`,
      `exec(git push) ${where("Exec(git push)")}`,
      `exec(git commit) ${where("Exec(git commit)")}`,
    ]);
    assert.deepEqual(review?.positionOf(["description"]), at(file, "Reviews the current"));
  });

  it("reads agents and commands sorted by file name", () => {
    assert.deepEqual(
      core.agents.map((a) => [a.name, a.tools, a.model, a.permissions.deny.map((r) => r.verb)]),
      [
        ["reviewer", ["read", "grep", "glob"], "inherit", ["edit", "exec"]],
        ["test-runner", ["read", "exec"], undefined, []],
      ],
    );
    assert.deepEqual(
      core.commands.map((c) => [c.name, c.argumentHint, c.bodyLine]),
      [
        ["changelog", undefined, 4],
        ["mr-description", "<target-branch>", 5],
      ],
    );
  });

  it("reads permissions.json with one rule per object, at the object", () => {
    const file = "core/permissions.json";
    const deny = core.permissions.deny.map(showRule);
    const first = at(file, '{ "verb": "read"');
    assert.equal(deny[0], `read(.env, .env.*, secrets/**) @${first.line}:${first.column}`);
    assert.deepEqual(
      core.permissions.ask.map((r) => [r.verb, r.patterns]),
      [
        ["exec", ["git push"]],
        ["mcp", ["issues/create_issue"]],
      ],
    );
    assert.deepEqual(
      core.permissions.allow.map((r) => r.verb),
      ["read", "grep", "glob", "exec", "fetch", "mcp", "skill"],
    );
    assert.equal(core.permissions.deny[0]?.reason, "Secrets never enter the context.");
  });

  it("reads hooks in written order with fail_closed defaulting to false", () => {
    assert.deepEqual(
      core.hooks.map((h) => [h.event, h.verbs?.length ?? 0, h.failClosed, h.timeout]),
      [
        ["before_tool", 6, true, 10],
        ["prompt_submit", 0, true, undefined],
        ["after_tool", 1, false, undefined],
        ["session_start", 0, false, undefined],
        ["stop", 0, false, 300],
      ],
    );
    const third = at("core/hooks.json", '{ "event": "after_tool"');
    const { end: _end, ...start } = core.hooks[2]?.position ?? { ...third, end: undefined };
    assert.deepEqual(start, third);
  });

  it("reads MCP servers sorted by name, stdio and remote, placeholders kept as written", () => {
    assert.deepEqual(
      core.mcpServers.map((s) => [s.name, s.transport, s.position.line]),
      [
        ["docs", "http", at("core/mcp.json", '"docs": {').line],
        ["events", "sse", at("core/mcp.json", '"events"').line],
        ["issues", "stdio", at("core/mcp.json", '"issues"').line],
      ],
    );
    const issues = core.mcpServers[2];
    assert.ok(issues?.transport === "stdio");
    assert.deepEqual(issues.args, ["-y", "@example/issues-mcp", "--project", `\${ISSUES_PROJECT:-web}`]);
    assert.deepEqual(issues.env, { ISSUES_TOKEN: `\${ISSUES_TOKEN}` });
    assert.deepEqual(issues.tools, ["get_issue", "create_issue"]);
    const docs = core.mcpServers[0];
    assert.ok(docs?.transport === "http");
    assert.deepEqual(docs.headers, { Authorization: `Bearer \${DOCS_TOKEN}` });
    assert.equal(docs.timeout, 20);
  });

  it("gives the same result on every load", () => {
    assert.deepEqual(asData(loadCore(example).core), asData(core));
  });
});

describe("loadCore edge cases", () => {
  it("returns an empty core and no diagnostics without core/", () => {
    const { core, diagnostics } = loadCore(testdir({ "sources.json": "{}" }));
    assert.deepEqual(diagnostics, []);
    assert.deepEqual(asData(core), {
      rules: [],
      skills: [],
      agents: [],
      commands: [],
      permissions: { deny: [], ask: [], allow: [] },
      hooks: [],
      mcpServers: [],
    });
  });

  it("loads an empty core/ folder as an empty core", () => {
    const dir = testdir({ "core/.keep": "" });
    assert.deepEqual(loadCore(dir).diagnostics, []);
  });

  it("reports files a client would never see, instead of skipping them", () => {
    const dir = testdir({
      "core/skills/notes.md": "# loose\n",
      "core/skills/empty/README.md": "nothing\n",
      "core/agents/reviewer.yaml": "name: reviewer\n",
      "core/commands/git/commit.md": "---\ndescription: x\n---\nCommit.\n",
    });
    const found = loadCore(dir).diagnostics.map(
      (d) => `${d.id} ${d.file}:${d.line}:${d.column} ${d.message}`,
    );
    assert.deepEqual(found, [
      "AGC063 core/agents/reviewer.yaml:1:1 core/agents/reviewer.yaml is not a .md file, so no client would see it",
      "AGC063 core/commands/git:1:1 core/commands/git is a folder, so no client would see it",
      "AGC063 core/skills/empty:1:1 core/skills/empty has no SKILL.md, so no client would see it",
      "AGC063 core/skills/notes.md:1:1 core/skills/notes.md is a file, not a skill folder, so no client would see it",
    ]);
  });

  it("follows a symbolic link to a skill folder", () => {
    const dir = testdir({ "elsewhere/review/SKILL.md": exampleText("core/skills/code-review/SKILL.md") });
    mkdirSync(join(dir, "core", "skills"), { recursive: true });
    symlinkSync(join(dir, "elsewhere", "review"), join(dir, "core", "skills", "code-review"));
    const { core, diagnostics } = loadCore(dir);
    assert.deepEqual(diagnostics, []);
    assert.deepEqual(
      core.skills.map((s) => s.file),
      ["core/skills/code-review/SKILL.md"],
    );
  });

  it("reports a file named core as a misplaced core", () => {
    const found = loadCore(testdir({ core: "skills" })).diagnostics.map(
      (d) => `${d.id} ${d.file} ${d.message}`,
    );
    assert.deepEqual(found, ["AGC063 core core is a file, so no client would see it"]);
  });

  it("reports an unreadable or binary file as AGC003 and keeps loading the rest", () => {
    const dir = testdir({
      "core/agents/binary.md": Buffer.from([0x2d, 0x2d, 0x2d, 0x0a, 0x00]),
      "core/hooks.json": Buffer.from([0xff, 0xfe]),
    });
    cpSync(join(example, "core", "agents", "reviewer.md"), join(dir, "core", "agents", "reviewer.md"));
    const { core, diagnostics } = loadCore(dir);
    assert.deepEqual(
      diagnostics.map((d) => `${d.id} ${d.file} ${d.message}`),
      [
        "AGC003 core/agents/binary.md core/agents/binary.md is binary (holds NUL bytes), expected UTF-8 text",
        "AGC003 core/hooks.json core/hooks.json is not valid UTF-8 text",
      ],
    );
    assert.deepEqual(
      core.agents.map((a) => a.name),
      ["reviewer"],
    );
  });

  it("reports a file it may not read, unless running as root", (t) => {
    if (process.getuid?.() === 0) return t.skip("root reads every file");
    const dir = testdir({ "core/agents/reviewer.md": exampleText("core/agents/reviewer.md") });
    chmodSync(join(dir, "core", "agents", "reviewer.md"), 0o000);
    const { diagnostics } = loadCore(dir);
    chmodSync(join(dir, "core", "agents", "reviewer.md"), 0o644);
    assert.deepEqual(
      diagnostics.map((d) => `${d.id} ${d.message}`),
      ["AGC003 core/agents/reviewer.md cannot be read (permission denied)"],
    );
  });

  it("reports malformed JSON with AGC001 at the error", () => {
    const dir = testdir({ "core/mcp.json": '{"version": 1, "servers": {},}\n' });
    const found = loadCore(dir).diagnostics.map((d) => `${d.id} ${d.file}:${d.line}:${d.column}`);
    assert.ok(
      found.length > 0 && found.every((f) => f.startsWith("AGC001 core/mcp.json:1:")),
      found.join("\n"),
    );
  });
});

describe("loadCore on arbitrary input", () => {
  const dir = testdir();
  const fragment = fc.constantFrom(
    "---\n",
    "name: review\n",
    "description: d\n",
    "tools: [read, exec]\n",
    "permissions:\n  deny: [",
    "Exec(git push)",
    "]\n",
    '{"version": 1, "servers": {"a b": {"transport": "stdio"',
    '"hooks": [{"event": "stop", "verbs": ["read"]',
    "}",
    "${",
    "\u0000",
    "\uFEFF",
  );
  const text = fc.oneof(
    fc.string(),
    fc.array(fragment, { maxLength: 12 }).map((parts) => parts.join("")),
  );

  it("never throws, and every diagnostic points into core/ with a 1-based line and column", () => {
    fc.assert(
      fc.property(text, text, text, (skill, agent, config) => {
        writeFiles(dir, {
          "core/skills/review/SKILL.md": skill,
          "core/agents/reviewer.md": agent,
          "core/commands/go.md": agent,
          "core/permissions.json": config,
          "core/hooks.json": config,
          "core/mcp.json": config,
        });
        for (const d of loadCore(dir).diagnostics) {
          assert.match(d.file, /^core\//);
          assert.ok(d.line >= 1 && d.column >= 1, `${d.file}:${d.line}:${d.column}`);
          assert.match(d.id, /^AGC0\d\d$/);
        }
      }),
      { numRuns: 150 },
    );
  });
});
