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
import { testdir, writeFiles } from "../support/testdir.js";

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
    assert.deepEqual(notActed, ["33 info", "36 info", "38 info", "107 warning", "224 info"]);
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

/** The permission entries written into a list of the composed settings file. */
function listed(c: Compiled, list: "allow" | "ask" | "deny"): unknown[] {
  const file = c.tree.composed.find((p) => p.path === ".claude/settings.json");
  return (file?.entries ?? []).filter((e) => e.path.join(".") === `permissions.${list}`).map((e) => e.value);
}

const reviewer =
  "---\nname: fw-reviewer\ndescription: Reviews a change without editing it.\ntools: Read, Grep, Glob\ndisallowedTools: Write, Edit\n---\nYou read and report; you never edit.\n";

describe("seed 001 as written: what its own fields say, without agentc's additions", () => {
  it("the numbering checks run on the seed's own fields: a stray README.md in the rules folder and a path-bound core rule are AGC140", async () => {
    const verbatim = await compileWith(undefined);
    assert.deepEqual(
      verbatim.diagnostics.filter((d) => d.id === "AGC140"),
      [],
      "the seed's own files follow its scheme",
    );
    const dir = await seedRegistry("001-client-pack", {
      [packPath]: JSON.stringify({
        ...seedPack,
        core_paths: [...seedPack.core_paths, ".claude/rules/README.md"],
      }),
      "core/rules/15-tests.md":
        '---\ntrigger: glob\ndescription: Tests.\nglobs: ["test/**"]\n---\n# Tests\n\nTests first.\n',
    });
    writeFiles(join(dir, "clients/claude-code/root-template/.claude/rules"), {
      "README.md": "# Rules\n\nWhat this folder holds.\n",
    });
    const result = await compileRegistry(dir);
    const found = result.diagnostics.filter((d) => d.id === "AGC140").map((d) => `${d.file}: ${d.message}`);
    assert.equal(found.length, 2, found.join("\n"));
    assert.match(
      found[0] ?? "",
      /^clients\/claude-code\/root-template\/\.claude\/rules\/README\.md: \.claude\/rules\/README\.md \(claude-code\) follows no prefix of the pack's numbering scheme \(00-, 10-, 15-, 20-, 2N-, 40-\)/,
    );
    assert.match(
      found[1] ?? "",
      /^core\/rules\/15-tests\.md: \.claude\/rules\/15-tests\.md \(claude-code\) is in the layer .* \(15-\), which loads for every task, but it is bound to file patterns/,
    );
  });

  it("Prüfung 101: a single MCP tool allowed beside mcp__* in ask is reported and not written", async () => {
    const c = await compileWith(undefined);
    assert.ok(listed(c, "ask").includes("mcp__*"));
    assert.deepEqual(
      listed(c, "allow").filter((v) => String(v).startsWith("mcp__")),
      [],
      "the allow the client would never reach is left out",
    );
    const row = c.tree.capabilities.find((r) => r.promise === "allow Mcp(docs/search)");
    assert.equal(row?.enforcement, "cannot");
    assert.match(row?.reason ?? "", /not written/);
  });

  it("mcp_permission_rule.pauschal is the form of a rule on every MCP tool", async () => {
    const rule = { ...seedPack.mcp_permission_rule, pauschal: "mcp__all" };
    const c = await compileWith({ ...seedPack, mcp_permission_rule: rule });
    assert.ok(listed(c, "ask").includes("mcp__all"), String(listed(c, "ask")));
    assert.equal(listed(c, "ask").includes("mcp__*"), false);
    assert.equal(
      c.diagnostics.some((d) => d.id === "AGC141" && /pauschal/.test(d.message)),
      false,
    );
  });

  it("skill_permissions_ersatz: the three limits go with every row of the promise it names", async () => {
    const c = await compileWith(undefined);
    const rows = c.tree.capabilities.filter(
      (r) => r.kind === "skill-deny" && /written to disallowed-tools/.test(r.reason),
    );
    assert.ok(rows.length >= 2);
    for (const row of rows) {
      assert.equal(row.enforcement, "partial", row.promise);
      assert.match(row.reason, /\(1\) Die Schranke gilt nur fuer den aufrufenden Turn/);
      assert.match(row.reason, /\(2\) Die Liste ist aufzaehlend; was nicht dasteht, ist offen\./);
      assert.match(
        row.reason,
        /\(3\) Befehlsgenaue Verbote sind nicht ausdrueckbar - siehe skill_deny_unmapped\.$/,
      );
    }
    assert.equal(
      c.diagnostics.some((d) => d.id === "AGC141" && /skill_permissions_ersatz/.test(d.message)),
      false,
      "the field is acted on",
    );
  });

  it("a shipped agent may use disallowedTools, which the seed's README lists for agents", async () => {
    const c = await compileWith(undefined, { "framework/runtime/agents/fw-reviewer.md": reviewer });
    assert.match(c.text(".claude/agents/fw-reviewer.md"), /disallowedTools: Write, Edit/);
  });

  it("a core skill already named with core_skill_prefix keeps its name", async () => {
    const skill =
      "---\nname: fw-plan\ndescription: Plans a change. Use before larger work.\n---\n# Plan\n\nPlan it.\n";
    const dir = await seedRegistry("001-client-pack");
    writeFiles(join(dir, "core/skills/fw-plan"), { "SKILL.md": skill });
    const c = await compiled(dir);
    assert.match(c.text(".claude/skills/fw-plan/SKILL.md"), /^---\nname: fw-plan\n/);
    assert.equal(c.text(".claude/skills/fw-fw-plan/SKILL.md"), "");
    assert.ok(c.text(".claude/skills/fw-code-review/SKILL.md").includes("name: fw-code-review"));
  });

  it("hook_fail_closed: false writes the guard's hook without onFailure: block", async () => {
    const failOpen = await compileWith({ ...seedPack, hook_fail_closed: false });
    const hooks = (failOpen.composed(".claude/settings.json") as { hooks?: Record<string, unknown>[] }[])
      .flatMap((e) => e.hooks ?? [])
      .filter((h) => String(h.command).includes("agentc-guard"));
    assert.equal(hooks.length, 1);
    assert.equal("onFailure" in (hooks[0] ?? {}), false, JSON.stringify(hooks[0]));
    const closed = await compileWith(undefined);
    const closedHooks = (closed.composed(".claude/settings.json") as { hooks?: Record<string, unknown>[] }[])
      .flatMap((e) => e.hooks ?? [])
      .filter((h) => String(h.command).includes("agentc-guard"));
    assert.equal(closedHooks[0]?.onFailure, "block");
  });

  it("the MCP file named by <MCP_FILE> gets core/mcp.json's servers, as the built-in pack writes them", async () => {
    const c = await compileWith(undefined);
    assert.deepEqual(c.composed(".mcp.json"), [
      { type: "stdio", command: "docs-mcp", args: ["--read-only"] },
    ]);
  });
});
