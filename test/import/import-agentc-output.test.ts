import assert from "node:assert/strict";
import { cpSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { packageRoot } from "../../src/shared/package-paths.js";
import { type ImportRun, roundTrip, runImport } from "../support/import-run.js";
import { snapshot, withoutAgentc } from "../support/install-fixture.js";
import { runAgentc } from "../support/run-cli.js";
import { testdir } from "../support/testdir.js";

/** Build a registry and install every component into an empty project; returns the project. */
async function installed(registry: string): Promise<string> {
  const build = join(testdir(), "build");
  const built = await runAgentc(["build", registry, "--out", build, "--quiet"]);
  assert.equal(built.status, 0, built.stdout);
  const project = testdir();
  const install = await runAgentc(["install", build, "--project", project, "--yes"]);
  assert.equal(install.status, 0, install.stderr);
  return project;
}

/**
 * test/fixtures/client-registry made buildable for all ten packs at once (it is meant for one pack at a
 * time): its rule loses the line with the packs' placeholders, since GitHub Copilot reads Claude Code's
 * .claude/rules besides its own folder and loads two different texts of one rule (AGC151), where one text
 * is read once; its servers pass no variable, which Codex and Junie cannot forward in args, nor Devin
 * anywhere (AGC150).
 */
function tenPackRegistry(): string {
  const copy = testdir();
  cpSync(join(packageRoot, "test/fixtures/client-registry"), copy, { recursive: true });
  const rule = join(copy, "core/rules/conventions.md");
  const line = "- <CLIENT_NAME> reads the rules in <RULES_DIR>.\n";
  const text = readFileSync(rule, "utf8");
  assert.ok(text.includes(line));
  writeFileSync(rule, text.replace(line, ""));
  const mcpFile = join(copy, "core/mcp.json");
  const mcp = JSON.parse(readFileSync(mcpFile, "utf8"));
  mcp.servers.issues.args = ["-y", "@example/issues-mcp", "--project", "web"];
  delete mcp.servers.issues.env;
  delete mcp.servers.docs.headers; // Devin passes no variable at all (AGC150)
  writeFileSync(mcpFile, `${JSON.stringify(mcp, null, 2)}\n`);
  return copy;
}

/**
 * The agents and skills whose own permission rules the build writes into their frontmatter (Devin, Kiro,
 * OpenCode, Kilo): import does not read those rules back yet, so these files come back without them.
 */
const ownRulesFile = (path: string): boolean =>
  /^\.(devin\/(agents|skills)|kiro\/agents|opencode\/agent|kilo\/agent)\//.test(path);

/** The ten-pack registry installed and imported once: both tests below only read the project and the import. */
let tenPackImport: Promise<{ project: string; run: ImportRun }> | undefined;
function importedTenPacks() {
  tenPackImport ??= installed(tenPackRegistry()).then(async (project) => ({
    project,
    run: await runImport(project),
  }));
  return tenPackImport;
}

describe("agentc import of what agentc installed", () => {
  it("a registry of core/ for all ten client packs comes back whole: nothing reported, the same tree", async () => {
    // Every file came from one neutral item, so import must find each item again from ten assistants'
    // files at once (texts with placeholders, lossy tool names, servers each client spells its own way).
    const { project: first, run } = await importedTenPacks();
    assert.equal(run.status, 0, run.stderr);
    const notable = run.json.diagnostics.filter((d) => d.severity !== "info" && !ownRulesFile(d.file));
    assert.deepEqual(notable, [], JSON.stringify(notable, null, 1));
    const second = await installed(run.out);
    // Import does not read Devin's folder agents (.devin/agents/<name>/AGENT.md) yet: the agents are imported
    // from the other assistants' files, for those assistants only, so the second install has no .devin/agents.
    const skip = (path: string) => withoutAgentc(path) || ownRulesFile(path) || path === ".devin/agents";
    assert.deepEqual(snapshot(second, skip), snapshot(first, skip));
  });

  it("an item's own permission rules in its frontmatter are reported as not read back, file by file", async () => {
    const { run } = await importedTenPacks();
    assert.equal(run.status, 0, run.stderr);
    const left = run.json.diagnostics.filter(
      (d) => d.id === "AGC128" && /own permission rules, which import does not read back yet/.test(d.message),
    );
    assert.deepEqual(left.map((d) => d.file).sort(), [
      // Devin's agents are folders (<name>/AGENT.md), read since import reads agents below their folder.
      ".devin/agents/reviewer/AGENT.md",
      ".devin/agents/test-runner/AGENT.md",
      ".devin/skills/code-review/SKILL.md",
      ".devin/skills/fix-tests/SKILL.md",
      ".devin/skills/triage/SKILL.md",
      ".kilo/agent/reviewer.md",
      ".kilo/agent/test-runner.md",
      ".kiro/agents/reviewer.md",
      ".kiro/agents/test-runner.md",
      ".opencode/agent/reviewer.md",
      ".opencode/agent/test-runner.md",
    ]);
    for (const d of run.json.diagnostics.filter((d) => ownRulesFile(d.file) && d.severity !== "info"))
      assert.ok(["AGC128", "AGC129"].includes(d.id), JSON.stringify(d));
  });

  it("a registry for AGENTS.md, Amazon Q and Continue comes back whole, its rules written where they were", async () => {
    // Amazon Q and Continue read their own folders only: the always-on text agentc wrote there too is the
    // shared text, which their adapters write again; what only their folder had stays theirs.
    const registry = testdir({
      "sources.json": JSON.stringify({
        version: 1,
        sources: [{ name: "team", kind: "custom", path: "rules" }],
      }),
      "targets.json": JSON.stringify({
        version: 1,
        builtin_adapters: ["agents-md", "amazon-q", "continue"],
        builtin_clients: "none",
      }),
      "rules/style.md": "---\nscope: global\n---\n# Style\n\nUse tabs.\n\n## Reviews\n\nTwo approvals.\n",
      "rules/ts.md":
        '---\nscope: scoped\nglobs: ["src/**/*.ts"]\ndescription: TypeScript conventions.\n---\n# TS\n\nStrict mode.\n',
    });
    const first = await installed(registry);
    const run = await runImport(first);
    assert.equal(run.status, 0, run.stderr);
    const notable = run.json.diagnostics.filter((d) => d.severity !== "info");
    assert.deepEqual(notable, [], JSON.stringify(notable, null, 1));
    const sources = JSON.parse(readFileSync(join(run.out, "sources.json"), "utf8")) as {
      sources: { name: string; adapters?: string[] }[];
    };
    assert.deepEqual(
      sources.sources.map((source) => [source.name, source.adapters ?? "every adapter"]),
      [
        ["imported", "every adapter"],
        ["imported-amazon-q", ["amazon-q"]],
        ["imported-continue", ["continue"]],
      ],
    );
    const second = await installed(run.out);
    assert.deepEqual(snapshot(second, withoutAgentc), snapshot(first, withoutAgentc));
  });

  // Rule adapters' own features (rules as skills, seeds, scoped rules without core triggers) have no core
  // form: those files come back differently, and the round trip must say so, file by file.
  for (const registry of ["examples/registry", "examples/team", "test/fixtures/golden-registry"]) {
    it(`${registry}: every difference of the round trip is reported, and only those`, async () => {
      const copy = testdir();
      cpSync(join(packageRoot, registry), copy, { recursive: true });
      rmSync(join(copy, "capabilities"), { recursive: true, force: true });
      const project = await installed(copy);
      const run = await runImport(project);
      assert.equal(run.status, 0, run.stderr);
      const trip = await roundTrip(project, run);
      assert.equal(trip.build.status, 0, trip.build.stdout);
      assert.deepEqual(trip.unreported, []);
      assert.deepEqual(trip.wrongly, []);
    });
  }
});
