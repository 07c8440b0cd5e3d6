import assert from "node:assert/strict";
import { cpSync, existsSync, lstatSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { packageRoot } from "../../src/shared/package-paths.js";
import { snapshot } from "../support/install-fixture.js";
import { runAgentc, runCliProcess } from "../support/run-cli.js";
import { testdir } from "../support/testdir.js";

const registry = join(packageRoot, "examples", "team");

/** The team's own Claude Code settings, with a comment and keys agentc must never touch. */
const userSettings = `{
  // ours
  "model": "opus",
  "permissions": { "allow": ["Bash(make)"] }
}
`;

async function build(): Promise<{ out: string; report: string }> {
  const out = join(testdir(), "build");
  const result = await runAgentc(["build", registry, "--out", out]);
  assert.equal(result.status, 0, result.stderr);
  return { out, report: result.stdout + result.stderr };
}

describe("examples/team: a whole team setup through the real CLI", () => {
  it("builds without errors, and every warning is a loss a client or plugin format cannot express (AGC080, AGC185)", async () => {
    const { out, report } = await build();
    // Every finding is a client's limit, counted per client, not listed (AGC080; AGC150: Codex cannot pass
    // the GitHub server's ${GITHUB_TOKEN}); the portable plugin's mcp.json cannot expand the docs and GitHub
    // servers' variables (AGC185), which targets.json accepts
    assert.match(report, /^0 error\(s\), 0 warning\(s\), 0 info, \d+ client limit\(s\) \(\+2 accepted\)/m);
    assert.deepEqual([...report.matchAll(/ (?:error|warning|info) (AGC\d{3}) /g)], []);
    assert.match(report, /^ {2}gemini-cli: +\d+ promises it cannot keep$/m);
    assert.doesNotMatch(report, /agent-plugins/);
    for (const path of [
      "AGENTS.md",
      "CAPABILITIES.md",
      ".claude/skills/code-review/SKILL.md",
      ".claude/skills/code-review/checklist.md",
      ".cursor/rules/testing.mdc",
      ".github/agents/reviewer.agent.md",
      ".gemini/commands/changelog.toml",
      ".codex/agents/reviewer.toml",
      ".agents/capabilities/team-notes/capability.json",
      ".agents/capabilities/team-notes/bin/notes-hook.mjs",
      ".agents/local-agents/scribe/soul.yaml",
      ".agents/local-agents/scribe/.agents/skills/team-notes/SKILL.md",
      ".agents/skills/team-notes/SKILL.md",
      ".claude/skills/team-notes/SKILL.md",
    ])
      assert.ok(existsSync(join(out, path)), `${path} is built`);
  });

  it("ships the team-notes capability as an optional component with its hooks and environment", async () => {
    const { out } = await build();
    const manifest = JSON.parse(readFileSync(join(out, "manifest.json"), "utf8"));
    const component = manifest.install.components["capability-team-notes"];
    assert.equal(component.required, false);
    assert.equal(component.name, "acme.team-notes");
    assert.deepEqual(component.owned_dirs, [
      ".agents/capabilities/team-notes",
      ".agents/local-agents/scribe",
      ".agents/skills/team-notes",
    ]);
    assert.deepEqual(component.executables, [".agents/capabilities/team-notes/bin/notes-hook.mjs"]);
    assert.deepEqual(component.capability, {
      id: "acme.team-notes",
      version: "1.0.0",
      home: ".agents/capabilities/team-notes",
      layer: "knowledge",
      environment: ["ACME_NOTES_DIR"],
      hooks: [
        "retire :: optional :: bin/notes-hook.mjs retire",
        "spawn :: required :: bin/notes-hook.mjs spawn",
      ],
    });
    const soul = readFileSync(join(registry, "capabilities/team-notes/agents/scribe/AGENTS.md"), "utf8");
    const inject = readFileSync(join(registry, "capabilities/team-notes/inject.md"), "utf8");
    assert.equal(
      readFileSync(join(out, ".agents/local-agents/scribe/AGENTS.md"), "utf8"),
      `${soul.trimEnd()}\n\n${inject}`,
    );
  });

  it("installs beside the team's own settings, reports no drift, and uninstall restores the project", async () => {
    const { out } = await build();
    const project = testdir({ ".claude/settings.json": userSettings, "README.md": "# app\n" });
    const before = snapshot(project);
    const install = await runAgentc([
      "install",
      out,
      "--project",
      project,
      "--components",
      "claude-code,cursor",
      "--yes",
    ]);
    assert.equal(install.status, 0, install.stderr);

    const settings = readFileSync(join(project, ".claude/settings.json"), "utf8");
    assert.ok(settings.startsWith('{\n  // ours\n  "model": "opus",'), settings);
    assert.match(settings, /"Bash\(make\)"/);
    assert.match(settings, /"Read\(\.\/\.env\)"/);
    assert.ok(JSON.parse(readFileSync(join(project, ".mcp.json"), "utf8")).mcpServers.docs);
    assert.ok(lstatSync(join(project, ".claude/hooks/agentc-guard.mjs")).mode & 0o100);
    assert.ok(existsSync(join(project, ".cursor/rules/testing.mdc")));
    assert.equal(existsSync(join(project, ".github")), false, "components not chosen stay out");

    assert.equal((await runAgentc(["status", "--project", project, "--check"])).status, 0);
    writeFileSync(join(project, ".cursor/rules/testing.mdc"), "edited by hand\n");
    const drift = await runAgentc(["status", "--project", project, "--check"]);
    assert.equal(drift.status, 1);
    assert.match(drift.stdout + drift.stderr, /testing\.mdc/);
    writeFileSync(
      join(project, ".cursor/rules/testing.mdc"),
      readFileSync(join(out, ".cursor/rules/testing.mdc")),
    );

    const uninstall = await runAgentc(["uninstall", "--project", project]);
    assert.equal(uninstall.status, 0, uninstall.stderr);
    assert.deepEqual(snapshot(project), before);
  });
});

describe("examples/team: the team-notes capability through the real installer", () => {
  it("is spawned only when allowed, shows in status, and uninstall retires it and restores the project", async () => {
    const { out } = await build();
    const project = testdir({ "README.md": "# app\n" });
    const before = snapshot(project);
    const args = ["install", out, "--project", project, "--components", "capability-team-notes", "--yes"];
    const refused = await runAgentc(args);
    assert.equal(refused.status, 1);
    assert.match(refused.stderr, /acme\.team-notes needs its required spawn hook to run/);
    assert.deepEqual(snapshot(project), before);

    const install = await runAgentc([...args, "--allow-hooks"]);
    assert.equal(install.status, 0, install.stderr);
    assert.match(install.stdout, /spawn +acme\.team-notes: .* -> environment ACME_NOTES_DIR/);
    assert.ok(lstatSync(join(project, ".team-notes")).isDirectory(), "the spawn hook made its folder");
    assert.ok(existsSync(join(project, ".agents/local-agents/scribe/AGENTS.md")));
    const record = JSON.parse(readFileSync(join(project, ".agentc/installed.json"), "utf8"));
    assert.deepEqual(record.spawned[0].env, { ACME_NOTES_DIR: join(project, ".team-notes") });

    const status = await runAgentc(["status", "--project", project, "--check"]);
    assert.equal(status.status, 0, status.stdout);
    assert.match(
      status.stdout,
      /capability acme\.team-notes 1\.0\.0 at \.agents\/capabilities\/team-notes: spawn ok/,
    );
    assert.match((await runAgentc([...args, "--allow-hooks"])).stdout, /nothing to do, nothing written/);

    writeFileSync(join(project, ".team-notes/standup.md"), "- shipped\n");
    const list = runCliProcess(["run", "team-notes", "list", "--project", project]);
    assert.equal(list.status, 0, list.stderr);
    assert.equal(list.stdout, "standup.md\n");
    rmSync(join(project, ".team-notes/standup.md"));

    const uninstall = await runAgentc(["uninstall", "--project", project]);
    assert.equal(uninstall.status, 0, uninstall.stderr);
    assert.match(uninstall.stdout, /retire +acme\.team-notes/);
    assert.deepEqual(snapshot(project), before);
  });
});

describe("pretty report of a long build", () => {
  it("counts the client limits per client in one line each, and --verbose lists them all", async () => {
    const out = join(testdir(), "build");
    const result = await runAgentc(["build", registry, "--out", out]);
    const lines = result.stdout.split("\n").filter((l) => l !== "");
    assert.ok(lines.length <= 12, result.stdout);
    const tally = lines.find((line) => /^0 error\(s\), 0 warning\(s\), 0 info, \d+ client limit/.test(line));
    const limits = Number(/info, (\d+) client limit/.exec(tally ?? "")?.[1]);
    assert.ok(limits >= 10, result.stdout);
    const verbose = await runAgentc(["build", registry, "--out", out, "--verbose"]);
    assert.equal((verbose.stdout.match(/ warning AGC(?:080|150) /g) ?? []).length, limits);
  });

  it("--quiet prints nothing without errors", async () => {
    const result = await runAgentc(["build", registry, "--out", join(testdir(), "b"), "--quiet"]);
    assert.equal(result.status, 0, result.stderr);
    assert.equal(result.stdout.trim(), "");
  });
});

describe("examples/team: a capability skill meeting a core skill", () => {
  it("is AGC028 at the package's skills, naming both writers", async () => {
    const copy = testdir();
    cpSync(registry, copy, { recursive: true, filter: (src) => !src.includes(`${join("team", "build")}`) });
    const pkg = join(copy, "capabilities/team-notes");
    renameSync(join(pkg, "skills/team-notes"), join(pkg, "skills/code-review"));
    const manifest = readFileSync(join(pkg, "capability.json"), "utf8");
    writeFileSync(
      join(pkg, "capability.json"),
      manifest.replace('"skills/team-notes"', '"skills/code-review"'),
    );
    const result = await runAgentc(["check", copy, "--format", "json"]);
    assert.equal(result.status, 1, result.stderr);
    const clash = JSON.parse(result.stdout).diagnostics.find((d: { id: string }) => d.id === "AGC028");
    assert.equal(clash.file, "capabilities/team-notes/capability.json");
    assert.equal(clash.line, manifest.split("\n").findIndex((l) => l.includes('"skills"')) + 1);
    assert.match(
      clash.message,
      /capability package "acme\.team-notes" both write \.agents\/skills\/code-review\/SKILL\.md/,
    );
  });
});
