import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { delimiter, join } from "node:path";
import { describe, it } from "node:test";
import { packageRoot } from "../../src/shared/package-paths.js";
import { keys, runOnTerminal } from "../support/pty-session.js";
import { runAgentc, runAgentcWithEnv, runCliProcess } from "../support/run-cli.js";
import { seedFixtures } from "../support/seed-fixtures.js";
import { testdir, writeFiles } from "../support/testdir.js";

const hasScript = spawnSync("script", ["--version"]).status === 0;
const claudeBin = join(packageRoot, "node_modules", ".bin");
const viewer = "notes-viewer@acme-plugins";

/** A home of its own for the real claude CLI (its plugins and marketplaces live under ~/.claude). */
function claudeHome(): NodeJS.ProcessEnv {
  const home = testdir();
  return {
    HOME: home,
    PATH: `${claudeBin}${delimiter}${process.env.PATH ?? ""}`,
    CLAUDE_CONFIG_DIR: join(home, ".claude"),
  };
}

/** A local marketplace with the notes-viewer plugin, where the package's ./.acme-marketplace points. */
function withMarketplace(project: string): void {
  writeFiles(join(project, ".acme-marketplace"), {
    ".claude-plugin/marketplace.json": JSON.stringify({
      name: "acme-plugins",
      owner: { name: "Acme" },
      plugins: [{ name: "notes-viewer", source: "./notes-viewer", description: "Notes in a side panel." }],
    }),
    "notes-viewer/.claude-plugin/plugin.json": JSON.stringify({
      name: "notes-viewer",
      version: "1.0.0",
      description: "Notes.",
    }),
    "notes-viewer/skills/show-notes/SKILL.md":
      "---\nname: show-notes\ndescription: Shows the notes.\n---\nShow them.\n",
  });
}

type ManifestChange = (manifest: Record<string, unknown>) => void;

async function buildWith(change?: ManifestChange): Promise<string> {
  const registry = testdir();
  cpSync(join(seedFixtures, "004-capability"), registry, { recursive: true });
  if (change) {
    const path = join(registry, "capabilities/notes/capability.json");
    const manifest = JSON.parse(readFileSync(path, "utf8"));
    change(manifest);
    writeFileSync(path, JSON.stringify(manifest));
  }
  const out = join(testdir(), "build");
  const built = await runAgentc(["build", registry, "--out", out]);
  assert.equal(built.status, 0, built.stdout + built.stderr);
  return out;
}

/** The builds several tests install from (none writes into a build): each made once. */
const shared: Record<string, ManifestChange | undefined> = {
  "as it is": undefined,
  "without runtime packages": (m) => {
    m.requires = [];
  },
  "without runtime packages, 1.3.0": (m) => {
    m.requires = [];
    m.version = "1.3.0";
  },
};
const built = new Map<string, Promise<string>>();
function build(variant: keyof typeof shared = "as it is"): Promise<string> {
  const made = built.get(variant) ?? buildWith(shared[variant]);
  built.set(variant, made);
  return made;
}

function pluginIds(env: NodeJS.ProcessEnv): string[] {
  const listed = spawnSync("claude", ["plugin", "list", "--json"], {
    env: { ...process.env, ...env },
    encoding: "utf8",
  });
  // Claude Code 2.1.332 lists its own built-in plugins (<name>@builtin) in every home: not installed by anyone
  return (JSON.parse(listed.stdout || "[]") as { id: string }[])
    .map((p) => p.id)
    .filter((id) => !id.endsWith("@builtin"));
}

/** Installs the capability for Claude Code: the deployment its claude runtime package is raised for. */
const installArgs = (out: string, project: string, components = "capability-notes,claude-code") => [
  "install",
  out,
  "--project",
  project,
  "--components",
  components,
];

describe("seed 004: a capability package using every field builds, and compatibility.oats is checked", () => {
  it("builds with 0 errors; its soul becomes a subagent for every client pack that has them", async () => {
    const out = await build();
    const claude = readFileSync(join(out, ".claude/agents/scribe.md"), "utf8");
    assert.match(
      claude,
      /^---\nname: scribe\ndescription: Keeps the notes short, dated and current\.\n---\n# Scribe\n/,
    );
    assert.match(claude, /## Notes\n\nThe notes folder is named by ACME_NOTES_DIR\.\n$/);
    assert.match(readFileSync(join(out, ".codex/agents/scribe.toml"), "utf8"), /^name = "scribe"\n/);
    const manifest = JSON.parse(readFileSync(join(out, "manifest.json"), "utf8"));
    assert.deepEqual(manifest.install.components["capability-notes+claude-code"].owned_files, [
      ".claude/agents/scribe.md",
    ]);
    assert.deepEqual(manifest.install.components["capability-notes"].capability.runtime_packages, [
      `claude :: ${viewer} :: https://example.com/acme/notes-viewer :: ./.acme-marketplace :: Shows the notes in a side panel.`,
    ]);
  });

  it("a package asking for another OATS level is an error that names both levels", async () => {
    const registry = testdir();
    cpSync(join(seedFixtures, "004-capability"), registry, { recursive: true });
    const path = join(registry, "capabilities/notes/capability.json");
    writeFileSync(path, readFileSync(path, "utf8").replace('">=0.22 <0.23"', '"^0.30"'));
    const run = await runAgentc(["check", registry]);
    assert.equal(run.status, 1);
    assert.match(
      run.stdout,
      /error AGC142 "acme\.notes" cannot be built: it asks for OATS \^0\.30, and agentc implements OATS 0\.22\.0/,
    );
  });

  it("a missing host command is named with its why and install hint", async () => {
    const out = await build();
    const project = testdir();
    const run = runCliProcess([...installArgs(out, project), "--allow-hooks"], {
      env: { PATH: "/nonexistent" },
    });
    assert.equal(run.status, 0, run.stderr);
    assert.match(
      run.stdout,
      /tool acme-notes-sync not found \(command -v acme-notes-sync\): Syncs the notes folder with the team's share; to install it: npm install -g @acme\/notes-sync/,
    );
  });
});

describe("seed 004: the package installs and runs", () => {
  it("agentc run runs its command with the launch environment its spawn hook returned", async () => {
    const out = await build();
    const project = testdir();
    // no claude on PATH: its requirement is not checked (that case is below)
    const installed = await runAgentcWithEnv([...installArgs(out, project), "--allow-hooks"], {
      PATH: "/nonexistent",
    });
    assert.equal(installed.status, 0, installed.stderr);
    writeFiles(join(project, ".notes"), { "2026-12-01.md": "First note.\n" });
    const run = runCliProcess(["run", "notes", "list", "--project", project], { cwd: project });
    assert.equal(run.status, 0, run.stderr);
    assert.equal(run.stdout, "2026-12-01.md\n");
  });
});

describe("seed 004: runtime packages, checked against the runtime's list and installed only with consent", () => {
  it("without a terminal and without --accept-requirement nothing is installed, and the way to do it is said", async () => {
    const env = claudeHome();
    const project = testdir();
    withMarketplace(project);
    const run = await runAgentcWithEnv([...installArgs(await build(), project), "--allow-hooks"], env);
    assert.equal(run.status, 0, run.stderr);
    assert.match(
      run.stdout,
      new RegExp(`not installed: no terminal to ask; pass --accept-requirement ${viewer}`),
    );
    assert.deepEqual(pluginIds(env), []);
  });

  it("--accept-requirement installs it with the runtime's own CLI (marketplace first); the next install finds it present", async () => {
    const env = claudeHome();
    const project = testdir();
    withMarketplace(project);
    const out = await build();
    const run = await runAgentcWithEnv(
      [...installArgs(out, project), "--allow-hooks", "--accept-requirement", viewer],
      env,
    );
    assert.equal(run.status, 0, run.stderr);
    assert.match(
      run.stdout,
      /installed with your consent: claude plugin marketplace add \.\/\.acme-marketplace && claude plugin install notes-viewer@acme-plugins/,
    );
    assert.deepEqual(pluginIds(env), [viewer]);
    const again = await runAgentcWithEnv([...installArgs(out, project), "--allow-hooks"], env);
    assert.match(again.stdout, new RegExp(`requirement claude package ${viewer} .*: present`));
  });

  it("without the runtime's CLI the package is not checked, and the command to run is given", async () => {
    const project = testdir();
    const run = runCliProcess([...installArgs(await build(), project), "--allow-hooks"], {
      env: { PATH: "/nonexistent", HOME: testdir() },
    });
    assert.equal(run.status, 0, run.stderr);
    assert.match(
      run.stdout,
      /not checked \(claude \(Claude Code\) is not on PATH here\); install it yourself: claude plugin marketplace add/,
    );
  });

  it("on a terminal: the prompt shows the commands, why, docs and marketplace; yes installs it", {
    skip: !hasScript,
  }, async () => {
    const env = claudeHome();
    const project = testdir();
    withMarketplace(project);
    const result = await terminal(
      [...installArgs(await build(), project), "--allow-hooks"],
      "Install it?",
      ["y"],
      env,
    );
    assert.equal(result.status, 0, result.screen);
    assert.match(
      result.screen,
      /acme\.notes needs the claude package notes-viewer@acme-plugins: Shows the notes in a side panel\./,
    );
    assert.match(result.screen, /docs: https:\/\/example\.com\/acme\/notes-viewer/);
    assert.match(result.screen, /registers the marketplace: \.\/\.acme-marketplace/);
    assert.match(result.screen, /runs: claude plugin marketplace add \.\/\.acme-marketplace/);
    assert.match(result.screen, /claude plugin install notes-viewer@acme-plugins/);
    assert.deepEqual(pluginIds(env), [viewer]);
  });

  it("on a terminal: no is recorded, reported, and not asked again", { skip: !hasScript }, async () => {
    const env = claudeHome();
    const project = testdir();
    withMarketplace(project);
    const out = await build();
    const first = await terminal([...installArgs(out, project), "--allow-hooks"], "Install it?", ["n"], env);
    assert.equal(first.status, 0, first.screen);
    assert.match(first.screen, /declined \(recorded; not asked again\)/);
    const record = JSON.parse(readFileSync(join(project, ".agentc/installed.json"), "utf8"));
    assert.deepEqual(record.requirements, [
      { capability: "acme.notes", runtime: "claude", package: viewer, decision: "declined" },
    ]);
    const second = await runAgentcWithEnv([...installArgs(out, project), "--allow-hooks"], env);
    assert.match(second.stdout, /declined \(recorded; not asked again\)/);
    assert.deepEqual(pluginIds(env), []);
  });
});

describe("seed 004: a runtime package is raised only for deployments using that runtime", () => {
  it("a claude package is not raised when the install deploys no Claude Code component, and the report says so", async () => {
    const env = claudeHome();
    const project = testdir();
    withMarketplace(project);
    const run = await runAgentcWithEnv(
      [...installArgs(await build(), project, "capability-notes,codex"), "--allow-hooks"],
      env,
    );
    assert.equal(run.status, 0, run.stderr);
    assert.match(
      run.stdout,
      /requirement claude package notes-viewer@acme-plugins \(for acme\.notes: [^)]*\): not raised: this install deploys no Claude Code component \(claude-code, claude-skills\)/,
    );
    assert.doesNotMatch(run.stdout, /no terminal to ask/);
    assert.deepEqual(pluginIds(env), []);
  });

  it("a pi package is not raised when nothing in the install deploys pi", async () => {
    const out = await buildWith((m) => {
      m.requires = [{ runtime: "pi", package: "npm:acme-notes-pi", why: "Notes in pi sessions." }];
    });
    const project = testdir();
    const run = await runAgentc([...installArgs(out, project), "--allow-hooks"]);
    assert.equal(run.status, 0, run.stderr);
    assert.match(
      run.stdout,
      /requirement pi package npm:acme-notes-pi \(for acme\.notes: Notes in pi sessions\): not raised: this install deploys no pi component \(pi\)/,
    );
  });
});

describe("seed 004: soul-scaffold runs outside the spawn transaction, for each agent instance an install creates", () => {
  it("runs once per new instance after the install commits, with the soul's folder and name; a later install does not run it again", async () => {
    const out = await build("without runtime packages");
    const project = testdir();
    const first = await runAgentc([...installArgs(out, project, "capability-notes"), "--allow-hooks"]);
    assert.equal(first.status, 0, first.stderr);
    assert.match(first.stdout, /soul-scaffold acme\.notes: bin\/notes\.mjs scaffold \(soul scribe\)/);
    const scaffolded = join(project, ".agents/local-agents/scribe/notes/index.md");
    assert.equal(
      readFileSync(scaffolded, "utf8"),
      `scribe ${join(project, ".agents/local-agents/scribe")} spawned=yes\n`,
      "the hook ran with the soul's name and folder, after the spawn transaction (its .notes was made)",
    );
    const changed = await build("without runtime packages, 1.3.0");
    const again = await runAgentc([...installArgs(changed, project, "capability-notes"), "--allow-hooks"]);
    assert.equal(again.status, 0, again.stderr);
    assert.doesNotMatch(again.stdout, /soul-scaffold/);
    assert.equal(readFileSync(scaffolded, "utf8").split("\n").length, 2, "run once");
    const status = await runAgentc(["status", "--project", project, "--check"]);
    assert.equal(status.status, 0, `what it wrote is the soul's own, not drift: ${status.stdout}`);
  });

  it("a failing soul-scaffold hook is a warning: the install stands", async () => {
    const out = await buildWith((m) => {
      m.requires = [];
      m.hooks = { ...(m.hooks as object), "soul-scaffold": "bin/notes.mjs scaffold-fails" };
    });
    const project = testdir();
    const run = await runAgentc([...installArgs(out, project, "capability-notes"), "--allow-hooks"]);
    assert.equal(run.status, 0, run.stderr);
    assert.match(
      run.stdout,
      /soul-scaffold acme\.notes: bin\/notes\.mjs scaffold-fails \(soul scribe\) \(failed: .*exited with status 3/,
    );
    assert.ok(existsSync(join(project, ".agents/local-agents/scribe/AGENTS.md")));
  });

  it("without consent it is not run, and the report says so", async () => {
    const out = await buildWith((m) => {
      m.requires = [];
      m.hooks = { "soul-scaffold": "bin/notes.mjs scaffold" };
    });
    const project = testdir();
    const run = await runAgentc(installArgs(out, project, "capability-notes"));
    assert.equal(run.status, 0, run.stderr);
    assert.match(
      run.stdout,
      /soul-scaffold acme\.notes: bin\/notes\.mjs scaffold \(soul scribe\) \(not run: hooks were not allowed/,
    );
    assert.equal(existsSync(join(project, ".agents/local-agents/scribe/notes")), false);
  });
});

describe("seed 004: the trust gate names the environment and is bound to the package's content", () => {
  it("shows the exact environment names before the spawn hook runs; yes spawns, and an unchanged package is not asked again", {
    skip: !hasScript,
  }, async () => {
    const env = {};
    const project = testdir();
    const out = await build("without runtime packages");
    const first = await terminal(installArgs(out, project), "Run them?", ["y"], env);
    assert.equal(first.status, 0, first.screen);
    assert.match(first.screen, /acme\.notes 1\.2\.0: bin\/notes\.mjs spawn \(required\)/);
    assert.match(first.screen, /may set the environment: ACME_NOTES_DIR/);
    assert.match(first.screen, /package content sha256 [0-9a-f]{16}… \(any change asks again\)/);
    assert.ok(existsSync(join(project, ".notes")), "the spawn hook ran");
    const same = await runAgentc(installArgs(out, project));
    assert.equal(same.status, 0, same.stderr);
    const changed = await build("without runtime packages, 1.3.0");
    const refused = await runAgentc(installArgs(changed, project));
    assert.equal(refused.status, 1, "a changed package needs consent again");
    assert.match(
      refused.stderr,
      /needs its required spawn hook to run: bin\/notes\.mjs spawn \(it may set the environment: ACME_NOTES_DIR\)/,
    );
  });
});

/** The real CLI on a pseudo-terminal, with the runtime's CLI on PATH (or not) and its own home. */
function terminal(args: string[], waitFor: string, typed: string[], env: NodeJS.ProcessEnv) {
  const saved = { ...process.env };
  Object.assign(process.env, env);
  try {
    return runOnTerminal(args, waitFor, [...typed, keys.enter]);
  } finally {
    process.env = saved;
  }
}
