import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import type { Diagnostic } from "../../src/diagnostics/diagnostic.js";
import type { EmittedTree } from "../../src/emit/emitted-tree.js";
import { compileRegistry } from "../../src/pipeline/compile.js";
import { runAgentc } from "../support/run-cli.js";
import { seedFixtures, seedRegistry } from "../support/seed-fixtures.js";
import { testdir } from "../support/testdir.js";

const packPath = "clients/claude-code/manifest.json";
const seedPack = JSON.parse(readFileSync(join(seedFixtures, "001-client-pack", packPath), "utf8"));

/** What a client's hooks need and seed 001 does not state: Claude Code's event names and entry form. */
const hookCompletion = {
  events: { before_tool: "PreToolUse", prompt_submit: "UserPromptSubmit" },
  matcher_join: "|",
  entry: { matcher: "{matcher}", hooks: [{ type: "command", command: "{command}", timeout: "{timeout}" }] },
};

interface Compiled {
  tree: EmittedTree;
  diagnostics: Diagnostic[];
  text(path: string): string;
  composed(file: string): unknown[];
}

async function compileWith(pack: object | undefined, extra: Record<string, string> = {}): Promise<Compiled> {
  const files = pack ? { [packPath]: `${JSON.stringify(pack, null, 2)}\n`, ...extra } : extra;
  const dir = await seedRegistry("001-client-pack", files);
  return compiled(dir);
}

async function compiled(dir: string): Promise<Compiled> {
  const result = await compileRegistry(dir);
  const errors = result.diagnostics.filter((d) => d.severity === "error");
  assert.deepEqual(errors, [], "the build has errors");
  const tree = result.tree as EmittedTree;
  return {
    tree,
    diagnostics: result.diagnostics,
    text: (path) => tree.files.find((f) => f.path === path)?.bytes.toString("utf8") ?? "",
    composed: (file) => tree.composed.find((c) => c.path === file)?.entries.map((e) => e.value) ?? [],
  };
}

/** The build's output as comparable values: every file's bytes, the composed entries, the capability rows. */
function output(c: Compiled): object {
  return {
    files: c.tree.files.map((f) => [f.path, f.bytes.toString("utf8"), f.role, f.component]),
    composed: c.tree.composed,
    capabilities: c.tree.capabilities,
  };
}

/** The command of the secret guard's hook in the composed settings file, or "". */
function guardCommand(c: Compiled): string {
  const entries = c.composed(".claude/settings.json") as { hooks?: { command: string }[] }[];
  const command = entries.flatMap((e) => e.hooks ?? []).find((h) => h.command.includes("agentc-guard"));
  return command?.command ?? "";
}

function without(pack: Record<string, unknown>, key: string): Record<string, unknown> {
  const { [key]: _dropped, ...rest } = pack;
  return rest;
}

describe("seed 001: the client pack as the seed writes it", () => {
  it("loads character for character, notes included, and builds with 0 errors; each field it cannot act on is reported", async () => {
    const c = await compileWith(undefined);
    const notActed = c.diagnostics.filter((d) => d.id === "AGC141").map((d) => `${d.line} ${d.severity}`);
    assert.deepEqual(notActed, ["38 info", "66 info", "107 warning", "224 info"]);
    assert.match(c.text("CLAUDE.md"), /Review framework/);
    assert.equal(
      guardCommand(c),
      'node "$CLAUDE_PROJECT_DIR/.claude/hooks/agentc-guard.mjs" --fail-closed --path-fields file_path,notebook_path,path --mcp-prefixes mcp__',
      "the hook events come from the built-in pack, the hook facts from the seed",
    );
    assert.ok(c.text(".claude/rules/00-review-core.md").includes("# Review core"));
  });

  it("compiles to the same output as the same pack in agentc's shape", async () => {
    const seed = await compileWith(undefined);
    const dir = await seedRegistry("001-client-pack");
    rmSync(join(dir, packPath));
    const equivalent = readFileSync(join(seedFixtures, "001-equivalent", "claude-code.json"), "utf8");
    writeFileSync(join(dir, "clients/claude-code.json"), equivalent);
    const builtinShape = await compiled(dir);
    assert.deepEqual(output(seed), output(builtinShape));
  });

  it("a pack folder named unlike its client is refused, at the client field", async () => {
    const dir = await seedRegistry("001-client-pack", {
      [packPath]: JSON.stringify({ ...seedPack, client: "claude" }),
    });
    const result = await compileRegistry(dir);
    const refused = result.diagnostics.find((d) => d.id === "AGC082" && /is in the folder/.test(d.message));
    assert.equal(refused?.file, packPath);
  });

  it("a pack folder and a pack file of one client are refused", async () => {
    const dir = await seedRegistry("001-client-pack", {
      "clients/claude-code.json": readFileSync(
        join(seedFixtures, "001-equivalent", "claude-code.json"),
        "utf8",
      ),
    });
    const result = await compileRegistry(dir);
    assert.ok(
      result.diagnostics.some((d) => d.id === "AGC082" && /are both the pack of client/.test(d.message)),
    );
  });
});

describe("seed 001: hook_fail_closed, hook_path_fields and hook_mcp_prefixes reach the guard", () => {
  it("hook_fail_closed: true calls the guard with --fail-closed, with the client's path fields and MCP prefixes", async () => {
    const c = await compileWith({ ...seedPack, hooks: hookCompletion });
    assert.equal(
      guardCommand(c),
      'node "$CLAUDE_PROJECT_DIR/.claude/hooks/agentc-guard.mjs" --fail-closed --path-fields file_path,notebook_path,path --mcp-prefixes mcp__',
    );
    assert.ok(c.text(".claude/hooks/agentc-guard.mjs").startsWith("#!/usr/bin/env node"));
    assert.equal(
      c.diagnostics.filter((d) => d.id === "AGC141" && /no hook events/.test(d.message)).length,
      0,
    );
  });

  it("installed, the guard runs as the hook command says: a secret path and an unreadable payload block", async () => {
    const dir = await seedRegistry("001-client-pack", {
      [packPath]: JSON.stringify({ ...seedPack, hooks: hookCompletion }),
    });
    const build = join(testdir(), "build");
    assert.equal((await runAgentc(["build", dir, "--out", build, "--quiet"])).status, 0);
    const project = testdir();
    const installed = await runAgentc(["install", build, "--project", project, "--all", "--yes"]);
    assert.equal(installed.status, 0, installed.stderr);
    const settings = JSON.parse(readFileSync(join(project, ".claude/settings.json"), "utf8"));
    const command: string = settings.hooks.PreToolUse.flatMap(
      (e: { hooks: { command: string }[] }) => e.hooks,
    )
      .map((h: { command: string }) => h.command)
      .find((c: string) => c.includes("agentc-guard"));
    const hook = (input: string) =>
      spawnSync("sh", ["-c", command], {
        input,
        env: { ...process.env, CLAUDE_PROJECT_DIR: project },
        encoding: "utf8",
      });
    const secret = JSON.stringify({
      tool_name: "Read",
      tool_input: { file_path: join(project, ".env") },
      cwd: project,
    });
    assert.equal(hook(secret).status, 2);
    assert.equal(hook("not json").status, 2, "hook_fail_closed: true blocks what it cannot read");
    const plain = JSON.stringify({
      tool_name: "Read",
      tool_input: { file_path: join(project, "README.md") },
      cwd: project,
    });
    assert.equal(hook(plain).status, 0);
  });

  it("without hook_fail_closed the guard is called without --fail-closed", async () => {
    const c = await compileWith({ ...without(seedPack, "hook_fail_closed"), hooks: hookCompletion });
    assert.equal(guardCommand(c).includes("--fail-closed"), false);
    assert.match(guardCommand(c), /--path-fields file_path,notebook_path,path/);
  });

  it("hook_tools are the guard's matcher, agent_start_tools the matcher of a hook on the verb agent", async () => {
    const hooks = {
      version: 1,
      hooks: [{ event: "before_tool", verbs: ["agent", "grep"], command: "node check.mjs" }],
    };
    const c = await compileWith(
      { ...seedPack, hooks: hookCompletion },
      { "core/hooks.json": JSON.stringify(hooks) },
    );
    const matchers = (c.composed(".claude/settings.json") as { matcher?: string }[]).map((e) => e.matcher);
    assert.ok(
      matchers.includes("Read|Grep|Glob|Edit|Write|NotebookEdit|Bash|PowerShell|mcp__.*"),
      String(matchers),
    );
    assert.ok(matchers.includes("Agent|Task|Grep|Glob"), String(matchers));
  });
});

/** Seed 001's numbering scheme of the rules folder, as a pack declares it. */
const numbering = [
  { prefix: "00-", layer: "3 Framework Core", load: "always" },
  { prefix: "10-", layer: "3 Framework Core (privacy and security)", load: "always" },
  { prefix: "15-", layer: "3 Framework Core (development rules)", load: "always" },
  { prefix: "20-", layer: "4 Project Overlay", load: "always" },
  { prefix: "2N-", layer: "4 Overlay extensions", load: "either" },
  { prefix: "30-", layer: "6 Role Packs", load: "always" },
  { prefix: "40-", layer: "5 Technology Packs", load: "paths" },
];

describe("seed 001: the numbering scheme of the rules folder (AGC140)", () => {
  it("the seed's own files, templates included, follow it", async () => {
    const c = await compileWith({ ...seedPack, rule_numbering: numbering });
    assert.deepEqual(
      c.diagnostics.filter((d) => d.id === "AGC140"),
      [],
    );
  });

  it("a file outside the scheme, and a core layer bound to paths, are errors", async () => {
    const dir = await seedRegistry("001-client-pack", {
      [packPath]: JSON.stringify({ ...seedPack, rule_numbering: numbering }),
      "core/rules/notes.md": "---\ntrigger: always_on\ndescription: Notes.\n---\n# Notes\n\nText.\n",
      "core/rules/15-tests.md":
        '---\ntrigger: glob\ndescription: Tests.\nglobs: ["test/**"]\n---\n# Tests\n\nTests first.\n',
    });
    const result = await compileRegistry(dir);
    const found = result.diagnostics.filter((d) => d.id === "AGC140").map((d) => `${d.file}: ${d.message}`);
    assert.deepEqual(found, [
      'core/rules/15-tests.md: .claude/rules/15-tests.md (claude-code) is in the layer "3 Framework Core (development rules)" (15-), which loads for every task, but it is bound to file patterns',
      "core/rules/notes.md: .claude/rules/notes.md (claude-code) follows no prefix of the pack's numbering scheme (00-, 10-, 15-, 20-, 2N-, 30-, 40-); the client loads every file of .claude/rules/ as a rule",
    ]);
  });
});
