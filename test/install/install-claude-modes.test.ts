import assert from "node:assert/strict";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { before, describe, it } from "node:test";
import { builtinClientPacks } from "../../src/clients/load-client-packs.js";
import { diskTree, type SessionLoad, sessionLoad } from "../../src/session-load/index.js";
import { runCli } from "../support/run-cli.js";
import { testdir } from "../support/testdir.js";

/**
 * Claude Code keeps receiving agentc's always-on text whatever the person's instructionFiles setting says
 * (issue 29, part 5): the installer reads what Claude loads with the person's ~/.claude/settings.json, writes
 * the import into .claude/CLAUDE.md where Claude would otherwise not read AGENTS.md, and says so where
 * nothing of the project reaches Claude. Through the real CLI, with HOME pointing at a person's folder.
 */

let bundle = "";
const agentcLine = "Read the README before changing anything.";
const theirs = "# Payments\n\nMoney is always integer cents.\n";

before(() => {
  const root = testdir({}, "agentc-claude-modes-");
  const registry = join(root, "reg");
  assert.equal(runCli(["init", registry, "--assistants", "claude-code"]).status, 0);
  bundle = join(root, "build");
  const built = runCli(["build", registry, "--out", bundle]);
  assert.equal(built.status, 0, built.stderr);
  assert.match(readFileSync(join(bundle, "AGENTS.md"), "utf8"), new RegExp(agentcLine));
});

/** A person's home folder whose ~/.claude/settings.json sets instructionFiles (nothing when undefined). */
function personsHome(value?: string): string {
  const home = testdir({}, "agentc-home-");
  if (value !== undefined) {
    mkdirSync(join(home, ".claude"));
    const options = { instructionFiles: value };
    writeFileSync(
      join(home, ".claude", "settings.json"),
      JSON.stringify({ pluginConfigs: { "agents-md@builtin": { options } } }),
    );
  }
  return home;
}

function install(project: string, home: string) {
  return runCli(["install", bundle, "--project", project, "--yes"], {
    env: { HOME: home, CLAUDE_CONFIG_DIR: join(home, ".claude") },
  });
}

function claudeLoad(project: string, home: string): SessionLoad {
  const pack = builtinClientPacks().find((c) => c.pack.client === "claude-code")?.pack;
  assert.ok(pack);
  return sessionLoad(pack, diskTree(project), diskTree(home));
}

const times = (load: SessionLoad, line: string) =>
  load.texts.map((t) => t.text.split(line).length - 1).reduce((a, b) => a + b, 0);

describe("install: Claude Code receives agentc's always-on text in every instructionFiles mode", () => {
  it("claude-md, in a project without a CLAUDE.md: .claude/CLAUDE.md imports AGENTS.md", () => {
    const project = testdir({ "AGENTS.md": theirs });
    const home = personsHome("claude-md");
    const run = install(project, home);
    assert.equal(run.status, 0, run.stderr);
    assert.equal(readFileSync(join(project, ".claude/CLAUDE.md"), "utf8"), "@../AGENTS.md\n");
    const load = claudeLoad(project, home);
    assert.equal(times(load, agentcLine), 1);
    assert.equal(times(load, "Money is always integer cents."), 1);
  });

  it("the default, in a project without a CLAUDE.md: Claude reads AGENTS.md itself, no import is written", () => {
    const project = testdir({ "AGENTS.md": theirs });
    const home = personsHome();
    assert.equal(install(project, home).status, 0);
    assert.equal(existsSync(join(project, ".claude/CLAUDE.md")), false);
    assert.equal(times(claudeLoad(project, home), agentcLine), 1);
  });

  it("claude-md-and-agents-md, beside the person's CLAUDE.md: AGENTS.md once, nothing loaded twice", () => {
    const project = testdir({ "AGENTS.md": theirs, "CLAUDE.md": "# Claude\n\nRun make test.\n" });
    const home = personsHome("claude-md-and-agents-md");
    const run = install(project, home);
    assert.equal(run.status, 0, run.stderr);
    assert.doesNotMatch(run.stdout + run.stderr, /twice|AGC151/);
    const load = claudeLoad(project, home);
    assert.equal(times(load, agentcLine), 1);
    assert.equal(times(load, "Run make test."), 1);
  });

  it("managed-only: the install says that Claude Code loads none of the project's instructions, and why", () => {
    const project = testdir({ "AGENTS.md": theirs });
    const home = personsHome("managed-only");
    const run = install(project, home);
    assert.equal(run.status, 0, run.stderr);
    const said = run.stdout + run.stderr;
    assert.match(said, /Claude Code/);
    assert.match(said, /managed-only/);
    assert.match(said, /~\/\.claude\/settings\.json/);
    assert.equal(times(claudeLoad(project, home), agentcLine), 0);
  });

  it("a value in the project's settings changes nothing (Claude reads it from the person's only), and the install says so", () => {
    const options = { instructionFiles: "managed-only" };
    const settings = JSON.stringify({ pluginConfigs: { "agents-md@builtin": { options } } });
    const project = testdir({ "AGENTS.md": theirs, ".claude/settings.local.json": settings });
    const home = personsHome();
    const run = install(project, home);
    assert.equal(run.status, 0, run.stderr);
    const said = run.stdout + run.stderr;
    assert.match(said, /\.claude\/settings\.local\.json/);
    assert.match(
      said,
      /does not read its setting instructionFiles from \.claude\/settings\.local\.json: "managed-only" there changes nothing/,
    );
    assert.equal(times(claudeLoad(project, home), agentcLine), 1);
    assert.equal(existsSync(join(project, ".claude/CLAUDE.md")), false);
  });

  it("a person who goes back to the default gets agentc's import file taken out again", () => {
    const project = testdir({ "AGENTS.md": theirs });
    assert.equal(install(project, personsHome("claude-md")).status, 0);
    assert.ok(existsSync(join(project, ".claude/CLAUDE.md")));
    const home = personsHome();
    const again = install(project, home);
    assert.equal(again.status, 0, again.stderr);
    assert.equal(existsSync(join(project, ".claude/CLAUDE.md")), false);
    assert.equal(times(claudeLoad(project, home), agentcLine), 1);
  });
});
