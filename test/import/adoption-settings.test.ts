import assert from "node:assert/strict";
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { fromSha256 } from "../../src/registry/native-copies.js";
import { packageRoot } from "../../src/shared/package-paths.js";
import {
  adoptionCycle,
  assertIdentity,
  editBeforeFirstInstall,
  registryText,
} from "../support/adoption-cycle.js";
import { runAgentc } from "../support/run-cli.js";
import { testdir } from "../support/testdir.js";

/**
 * Issue 29: a project's hooks in .claude/settings.json, imported into core/hooks.json, were composed back in the
 * build's own form (its matcher, `cd "$CLAUDE_PROJECT_DIR" &&`) beside the person's entries, so every hook ran
 * twice. While core/ is as imported, the build composes the project's own values (native.json), and the
 * install finds them all there: the settings file does not change.
 */
const fixture = join(packageRoot, "test", "fixtures", "adoption", "24-claude-settings-hooks");
const project = fixture;

describe("settings imported from a project are composed back as they were (issue 29)", () => {
  it("install leaves .claude/settings.json byte for byte: no hook twice, no rule added", async () => {
    const cycle = await adoptionCycle(project);
    assertIdentity(cycle);
    assert.equal(cycle.installed[".claude/settings.json"], cycle.original[".claude/settings.json"]);
    assert.match(cycle.installRun.stdout, /install: 0 changes applied/);
    assert.match(registryText(cycle, "core/hooks.json"), /no-force-push\.sh/);
  });

  it("once core/hooks.json is edited, the build says the install takes the project's entries over", async () => {
    const cycle = await adoptionCycle(project);
    const registry = cycle.registry;
    const hooks = JSON.parse(registryText(cycle, "core/hooks.json"));
    hooks.hooks.push({ event: "stop", command: "make lint --silent" });
    writeFileSync(join(registry, "core/hooks.json"), JSON.stringify(hooks, null, 2));
    const build = await runAgentc(["build", registry, "--out", join(testdir(), "build")]);
    assert.equal(build.status, 0, build.stderr);
    assert.match(
      build.stdout + build.stderr,
      /warning AGC190 core\/hooks\.json, core\/permissions\.json, targets\.json changed since import: the build composes claude-code's own values into \.claude\/settings\.json, and the install takes over the project's entries there that it adopted/,
    );
  });

  it("with every hook and permission rule removed from core/, the build composes nothing there and still builds", async () => {
    const cycle = await adoptionCycle(project);
    writeFileSync(join(cycle.registry, "core/hooks.json"), '{ "version": 1, "hooks": [] }\n');
    writeFileSync(
      join(cycle.registry, "core/permissions.json"),
      '{ "version": 1, "allow": [], "deny": [] }\n',
    );
    const build = await runAgentc(["build", cycle.registry, "--out", join(testdir(), "build")]);
    assert.equal(build.status, 0, build.stdout + build.stderr);
    assert.match(
      build.stdout + build.stderr,
      /the build composes nothing into \.claude\/settings\.json, and the project's entries there stay as they are/,
    );
  });

  it("a budget, the version or one more adapter in targets.json, edited before the first install, leave the settings as they were", async () => {
    const project = join(testdir({}, "agentc-adopt-"), "project");
    cpSync(fixture, project, { recursive: true });
    const registry = join(testdir(), "registry");
    const imported = await runAgentc(["import", project, "--out", registry]);
    assert.equal(imported.status, 0, imported.stdout + imported.stderr);
    const path = join(registry, "targets.json");
    const targets = JSON.parse(readFileSync(path, "utf8"));
    const edited = {
      ...targets,
      registry_version: "2026.12.1",
      builtin_adapters: [...(targets.builtin_adapters ?? []), "cursor"],
      budgets: { global: { max_lines: 300, max_words: 3000, reason: "our onboarding is long" } },
    };
    writeFileSync(path, JSON.stringify(edited, null, 2));
    const out = join(testdir(), "build");
    const build = await runAgentc(["build", registry, "--out", out]);
    assert.equal(build.status, 0, build.stdout + build.stderr);
    assert.doesNotMatch(build.stdout + build.stderr, /AGC190/);
    const before = readFileSync(join(project, ".claude/settings.json"), "utf8");
    const install = await runAgentc(["install", out, "--project", project, "--yes"]);
    assert.equal(install.status, 0, install.stdout + install.stderr);
    assert.equal(readFileSync(join(project, ".claude/settings.json"), "utf8"), before);
  });

  it("core/hooks.json edited before the first install: the hook is taken over in place, as after an install before the edit", async () => {
    const editHook = (registry: string) => {
      const path = join(registry, "core/hooks.json");
      const hooks = JSON.parse(readFileSync(path, "utf8"));
      for (const hook of hooks.hooks) hook.command = `${hook.command} --verbose`;
      writeFileSync(path, JSON.stringify(hooks, null, 2));
    };
    const original = readFileSync(join(fixture, ".claude/settings.json"), "utf8");
    const { first, later, output } = await editBeforeFirstInstall(fixture, editHook);
    const settings = (dir: string) => readFileSync(join(dir, ".claude/settings.json"), "utf8");
    assert.equal(settings(later), settings(first));
    assert.equal(
      settings(later).match(/no-force-push\.sh/g)?.length,
      1,
      "the hook once, not beside the person's",
    );
    assert.match(settings(later), /--verbose/);
    assert.match(output, /- hooks\.PreToolUse\[\]/, "the person's hook taken out where agentc's goes in");
    const gone = await runAgentc(["uninstall", "--project", later, "--yes"]);
    assert.equal(gone.status, 0, gone.stdout + gone.stderr);
    assert.equal(readFileSync(join(later, ".claude/settings.json"), "utf8"), original);
  });

  it("without --take-imported such a first install adds the new hook beside the person's and says how to replace it", async () => {
    const project = join(testdir({}, "agentc-adopt-"), "project");
    cpSync(fixture, project, { recursive: true });
    const registry = join(testdir(), "registry");
    assert.equal((await runAgentc(["import", project, "--out", registry])).status, 0);
    const path = join(registry, "core/hooks.json");
    const hooks = JSON.parse(readFileSync(path, "utf8"));
    for (const hook of hooks.hooks) hook.command = `${hook.command} --verbose`;
    writeFileSync(path, JSON.stringify(hooks, null, 2));
    const out = join(testdir(), "build");
    assert.equal((await runAgentc(["build", registry, "--out", out])).status, 0);
    const install = await runAgentc(["install", out, "--project", project, "--yes"]);
    assert.equal(install.status, 0, install.stdout + install.stderr);
    assert.match(
      install.stdout + install.stderr,
      /\.claude\/settings\.json: holds values agentc import read from it[^\n]*\n\s*hint: run again with --take-imported/,
    );
  });

  it("core/permissions.json edited: the imported rules give their place to the build's forms, before a first install or after one", async () => {
    const settings =
      '{\n  "permissions": {\n    "allow": ["Bash(just *)", "Bash(cargo *)", "WebFetch(domain:docs.rs)"]\n  }\n}\n';
    const source = testdir({
      "CLAUDE.md": "# Relay\n\nRun `just check` first.\n",
      ".claude/settings.json": settings,
    });
    const addMake = (registry: string) => {
      const path = join(registry, "core/permissions.json");
      const permissions = JSON.parse(readFileSync(path, "utf8"));
      permissions.allow[0].commands.push("make");
      writeFileSync(path, JSON.stringify(permissions, null, 2));
    };
    const { first, later } = await editBeforeFirstInstall(source, addMake);
    const text = (dir: string) => readFileSync(join(dir, ".claude/settings.json"), "utf8");
    assert.equal(text(first), text(later), "installed before the edit and after it: the same file");
    const allow: string[] = JSON.parse(text(later)).permissions.allow;
    assert.deepEqual(
      allow.filter((rule) => rule.startsWith("Bash(")),
      ["Bash(just:*)", "Bash(cargo:*)", "Bash(make:*)"],
      "each rule once, in the build's form where the person's was",
    );
    assert.equal(allow.filter((rule) => rule === "WebFetch(domain:docs.rs)").length, 1);
    const gone = await runAgentc(["uninstall", "--project", later, "--yes"]);
    assert.equal(gone.status, 0, gone.stdout + gone.stderr);
    assert.equal(readFileSync(join(later, ".claude/settings.json"), "utf8"), settings);
  });

  it("a registry imported when the whole of targets.json was hashed keeps its settings copy current", async () => {
    const cycle = await adoptionCycle(project);
    const index = JSON.parse(registryText(cycle, "native.json"));
    const settings = index.files.find((f: { path: string }) => f.path === ".claude/settings.json");
    const files = settings.from.map((from: string) => ({
      path: from,
      bytes: readFileSync(join(cycle.registry, from)),
    }));
    settings.from_sha256 = fromSha256(settings.from, files, { whole: true });
    assert.notEqual(settings.from_sha256, fromSha256(settings.from, files), "the two hashes differ");
    writeFileSync(join(cycle.registry, "native.json"), JSON.stringify(index, null, 2));
    const build = await runAgentc(["build", cycle.registry, "--out", join(testdir(), "build")]);
    assert.equal(build.status, 0, build.stdout + build.stderr);
    assert.doesNotMatch(build.stdout + build.stderr, /AGC190/);
  });

  it("turning on the secret guard in targets.json brings the build's own values back, guard included", async () => {
    const cycle = await adoptionCycle(project);
    const path = join(cycle.registry, "targets.json");
    const targets = JSON.parse(registryText(cycle, "targets.json"));
    writeFileSync(path, JSON.stringify({ ...targets, secret_guard: true }, null, 2));
    const out = join(testdir(), "build");
    const build = await runAgentc(["build", cycle.registry, "--out", out]);
    assert.equal(build.status, 0, build.stdout + build.stderr);
    assert.match(
      build.stdout + build.stderr,
      /AGC190 core\/hooks\.json, core\/permissions\.json, targets\.json changed since import/,
    );
    const composed = readFileSync(
      join(out, ".agentc-compose/claude-code/.claude/settings.json.json"),
      "utf8",
    );
    assert.match(composed, /guard/);
  });
});
