import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { importProjects, roundTrip, runImport } from "../support/import-run.js";
import { runAgentc } from "../support/run-cli.js";
import { testdir } from "../support/testdir.js";

/** A project's own always-on file, for the projects that need one beside what a test is about. */
const appAgents = "# App\n\nKeep the changelog current.\n";

/** Every registry file's text, joined: what the import wrote, to look for a line in it. */
function registryText(out: string, files: string[]): string {
  return files.map((f) => readFileSync(join(out, f), "utf8")).join("\n");
}

describe("agentc import finds each assistant by the files only it reads", () => {
  it("a folder of the shared .agents/skills without SKILL.md is reported once, not once per assistant reading it", async () => {
    const project = testdir({
      "AGENTS.md": appAgents,
      ".codex/config.toml": 'model = "o3"\n',
      ".agents/skills/notes/README.md": "Notes, no skill.\n",
    });
    const run = await runImport(project);
    assert.equal(run.status, 0, run.stderr);
    const said = run.json.diagnostics.filter((d: { message: string }) => /has no SKILL\.md/.test(d.message));
    assert.equal(said.length, 1, JSON.stringify(said, null, 1));
  });

  it("a rule file in a client's rules folder that the client does not load is named, not passed over", async () => {
    const project = testdir({
      "CLAUDE.md": appAgents,
      ".cursor/rules/radar.md":
        "---\ndescription: Common rules\nalwaysApply: true\n---\nUse the radar's names.\n",
      ".github/instructions/api.md": "Keep handlers small.\n",
      ".cursor/rules/.gitkeep": "",
    });
    const run = await runImport(project);
    assert.equal(run.status, 0, run.stderr);
    const said = run.json.diagnostics
      .filter((d: { id: string }) => d.id === "AGC128")
      .map((d: { file: string; message: string; hint: string }) => `${d.file}: ${d.message} (${d.hint})`);
    assert.deepEqual(said, [
      ".cursor/rules/radar.md: .cursor/rules/radar.md is not a .mdc file: Cursor reads only <name>.mdc files in .cursor/rules, so it is not imported (Give it the .mdc format and name if Cursor should load it from the registry; as it is, it stays the project's own file.)",
      ".github/instructions/api.md: .github/instructions/api.md is not a .instructions.md file: GitHub Copilot reads only <name>.instructions.md files in .github/instructions, so it is not imported (Give it the .instructions.md format and name if GitHub Copilot should load it from the registry; as it is, it stays the project's own file.)",
    ]);
    assert.equal(
      readFileSync(join(project, ".cursor/rules/radar.md"), "utf8").includes("radar's names"),
      true,
    );
  });

  it("a Codex project is Codex (and AGENTS.md), not Cline or Gemini CLI, which read .agents/skills too", async () => {
    const run = await runImport(join(importProjects, "codex"));
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(run.json.assistants, ["agents-md", "codex"]);
    const targets = JSON.parse(readFileSync(join(run.out, "targets.json"), "utf8"));
    assert.deepEqual(targets.builtin_clients, ["codex"]);
  });

  it("a skill only in the shared .agents/skills is imported, and the round trip names who writes there", async () => {
    const run = await runImport(join(importProjects, "mixed"));
    assert.equal(run.status, 0, run.stderr);
    for (const shared of ["amp", "antigravity", "cline", "codex", "crush", "gemini-cli", "goose", "zed"])
      assert.ok(!run.json.assistants.includes(shared));
    assert.ok(readFileSync(join(run.out, "core/skills/review/SKILL.md"), "utf8").includes("name: review"));
    const finding = run.json.diagnostics.find(
      (d) => d.id === "AGC129" && d.file === ".agents/skills/review/SKILL.md",
    );
    assert.equal(finding?.severity, "warning");
    assert.match(
      finding?.message ?? "",
      /writes no \.agents\/skills\/review\/SKILL\.md: amp, antigravity, cline, codex, crush, gemini-cli, goose, roo-code, zed/,
    );
    assert.match(finding?.hint ?? "", /--from amp/);
  });

  it("a project with files only at shared places chooses none of their readers: it says so, and --from does", async () => {
    const project = testdir({
      ".agents/skills/lint/SKILL.md":
        "---\nname: lint\ndescription: Lints the change.\n---\nRun the linter.\n",
    });
    const run = await runImport(project);
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(run.json.assistants, []);
    assert.ok(readFileSync(join(run.out, "core/skills/lint/SKILL.md"), "utf8").includes("Run the linter."));
    assert.ok(
      run.json.diagnostics.some(
        (d) =>
          d.file === ".agents/skills/lint/SKILL.md" &&
          /amp, antigravity, cline, codex, crush, gemini-cli, goose, roo-code, zed write there/.test(
            d.message,
          ),
      ),
    );
    const chosen = await runImport(project, "--from", "gemini-cli");
    assert.deepEqual(chosen.json.assistants, ["gemini-cli"]);
    const targets = JSON.parse(readFileSync(join(chosen.out, "targets.json"), "utf8"));
    assert.deepEqual(targets.builtin_clients, ["gemini-cli"]);
  });

  it("a Cursor command allowlist alone (.cursor/permissions.json) is Cursor's: found, its list imported and composed back", async () => {
    const project = testdir({
      "AGENTS.md": appAgents,
      ".cursor/permissions.json": '{\n  // ours\n  "terminalAllowlist": ["make check"]\n}\n',
    });
    const run = await runImport(project);
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(run.json.assistants, ["agents-md", "cursor"]);
    assert.match(readFileSync(join(run.out, "core/permissions.json"), "utf8"), /"make check"/);
    const said = run.json.diagnostics.filter((d) => d.file === ".cursor/permissions.json");
    assert.deepEqual(
      said.map((d) => [d.severity, d.message]),
      [["info", ".cursor/permissions.json is composed with the same values in agentc's layout"]],
    );
  });

  it("--from names the reader of a shared place, which then counts as found and writes it again", async () => {
    const project = join(importProjects, "mixed");
    const run = await runImport(project, "--from", "codex,claude-code");
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(run.json.assistants, ["codex", "claude-code"]);
    assert.ok(
      !run.json.diagnostics.some((d) => d.file === ".agents/skills/review/SKILL.md" && d.severity !== "info"),
    );
    const trip = await roundTrip(project, run);
    assert.deepEqual(trip.unreported, []);
    assert.ok(!trip.different.includes(".agents/skills/review/SKILL.md"), trip.different.join("\n"));
  });
});

describe("agentc import of an always-on file that imports AGENTS.md", () => {
  it("a CLAUDE.md with text of its own is Claude Code's always-on rule, its text as written (issue 29, part 1)", async () => {
    const claude = "@AGENTS.md\n\nClaude: prefer small diffs.\n\n# Releases\n\nTag first.\n";
    const project = testdir({ "AGENTS.md": appAgents, "CLAUDE.md": claude });
    const run = await runImport(project);
    assert.equal(run.status, 0, run.stderr);
    assert.ok(!run.json.files.some((f) => f.startsWith("sources/") && f.includes("CLAUDE")));
    assert.equal(
      readFileSync(join(run.out, "core/rules/claude-md.md"), "utf8"),
      `---\ntrigger: always_on\n---\n${claude}`,
    );
    assert.equal(readFileSync(join(run.out, "native/CLAUDE.md"), "utf8"), claude);
  });

  it("CLAUDE.md's @AGENTS.md is the file the build writes, not text: the rebuilt AGENTS.md imports nothing", async () => {
    const run = await runImport(join(importProjects, "mixed"));
    assert.equal(run.status, 0, run.stderr);
    const sources = run.json.files.filter((f) => f.startsWith("sources/"));
    assert.ok(!registryText(run.out, sources).includes("@AGENTS.md"));
    assert.ok(readFileSync(join(run.out, "core/rules/claude-md.md"), "utf8").includes("## Claude only"));
    assert.ok(!run.json.diagnostics.some((d) => d.id === "AGC151"), "no client loads AGENTS.md twice");
  });

  it("a CLAUDE.md that only imports AGENTS.md adds no rule, and the round trip says it may stay (info)", async () => {
    const project = testdir({ "AGENTS.md": "# Team\n\nShip small changes.\n", "CLAUDE.md": "@AGENTS.md\n" });
    const run = await runImport(project);
    assert.equal(run.status, 0, run.stderr);
    assert.ok(!run.json.files.some((f) => f.includes("CLAUDE")), run.json.files.join("\n"));
    const about = run.json.diagnostics.filter((d) => d.file === "CLAUDE.md");
    assert.deepEqual(
      about.map((d) => `${d.id} ${d.severity}`),
      ["AGC129 info"],
    );
    assert.match(about[0]?.message ?? "", /writes no CLAUDE\.md, which only imports AGENTS\.md/);
    const trip = await roundTrip(project, run);
    assert.deepEqual(trip.unreported, []);
    assert.deepEqual(trip.wrongly, []);
  });

  it("from a sub-folder the import is relative to it (.claude/CLAUDE.md's @../AGENTS.md)", async () => {
    const project = testdir({
      "AGENTS.md": "# Team\n\nShip small changes.\n",
      ".claude/CLAUDE.md": "@../AGENTS.md\n\n## Claude\n\nPrefer the review skill.\n",
    });
    const run = await runImport(project);
    assert.equal(run.status, 0, run.stderr);
    const sources = run.json.files.filter((f) => f.startsWith("sources/"));
    assert.ok(!registryText(run.out, sources).includes("@../AGENTS.md"));
    const rule = readFileSync(join(run.out, "core/rules/claude-claude-md.md"), "utf8");
    assert.ok(rule.includes("@../AGENTS.md\n\n## Claude\n\nPrefer the review skill."), rule);
    const build = await runAgentc(["build", run.out, "--out", join(testdir(), "build"), "--quiet"]);
    assert.equal(build.status, 0, build.stdout);
  });

  it("an import of another file stays text: only the always-on file itself is taken out", async () => {
    const project = testdir({
      "AGENTS.md": "# Team\n\nShip small changes.\n",
      "CLAUDE.md": "# Claude\n\n@docs/claude-extra.md\n",
      "docs/claude-extra.md": "Extra notes.\n",
    });
    const run = await runImport(project);
    assert.equal(run.status, 0, run.stderr);
    assert.ok(
      readFileSync(join(run.out, "core/rules/claude-md.md"), "utf8").includes("@docs/claude-extra.md"),
    );
  });
});
