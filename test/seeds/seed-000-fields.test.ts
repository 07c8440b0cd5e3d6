import assert from "node:assert/strict";
import { existsSync, lstatSync, readFileSync, readlinkSync, statSync } from "node:fs";
import { join } from "node:path";
import { before, describe, it } from "node:test";
import { unzipSync } from "fflate";
import { runAgentc } from "../support/run-cli.js";
import { seedRegistry } from "../support/seed-fixtures.js";
import { testdir, writeFiles } from "../support/testdir.js";

/**
 * The registry of test/fixtures/seeds/000-every-field, which uses every field of seed 000 at once: built,
 * packed and installed into a project that already holds an old format's file, a file the adapter
 * preserves, and a seed in a version the registry shipped before (both taken with --move-aside: agentc's
 * record does not show it wrote them). Each test looks at one field's effect.
 */
let build = "";
let zip = "";
let project = "";
const oldSettings = "{}\n";

before(async () => {
  const registry = await seedRegistry("000-every-field");
  build = join(testdir(), "build");
  const built = await runAgentc(["build", registry, "--out", build]);
  assert.equal(built.status, 0, built.stdout + built.stderr);
  zip = join(testdir(), "bundle.zip");
  assert.equal((await runAgentc(["pack", build, "--out", zip, "--payloads"])).status, 0);
  project = testdir();
  writeFiles(project, {
    ".cursorrules": "old rules\n",
    ".claude/settings.json": oldSettings,
    ".mcp.json": '{ "mcpServers": { "mine": { "command": "my-server" } } }\n',
  });
  // the old format's file and the old seed are not agentc's (no record shows it wrote them): a bundle's
  // legacy_cleanup and known_hashes do not make them so; the person's --move-aside does
  const refused = await runAgentc(["install", zip, "--project", project, "--all", "--yes"]);
  assert.equal(refused.status, 1, refused.stderr);
  assert.match(
    refused.stderr,
    /\.cursorrules: manifest\.json line \d+ \(install\.components\.agents\.remove\): "\.cursorrules" asks to delete it/,
  );
  assert.match(
    refused.stderr,
    /\.claude\/settings\.json: manifest\.json line \d+ \(install\.seed_refresh_hashes\)/,
  );
  const first = await runAgentc(["install", zip, "--project", project, "--all", "--yes", "--move-aside"]);
  assert.equal(first.status, 0, first.stderr);
  writeFiles(project, { ".cursor/rules/local-notes.mdc": "my own rule\n" });
  const again = await runAgentc(["install", zip, "--project", project, "--all", "--yes"]);
  assert.equal(again.status, 0, again.stderr);
});

const text = (root: string, path: string) => readFileSync(join(root, path), "utf8");
const manifest = () => JSON.parse(text(build, "manifest.json"));

describe("seed 000: every field of sources.json, a rule file and targets.json, built and installed", () => {
  it("sources[] kind and enabled: custom beats community, a disabled source is not read; supersedes drops the old rule", () => {
    assert.ok(!text(build, "AGENTS.md").includes("Prefer tabs"));
    assert.ok(!existsSync(join(build, ".claude/skills/old-style")));
  });

  it("router_slug, trigger_keys, depth_slug, depth_vocabulary, envelope_slots: the router and depth rules are built", () => {
    assert.match(text(build, "AGENTS.md"), /# Router\n\n\| key \| rule \|/);
    assert.match(text(build, "AGENTS.md"), /Answers stay at depth level A1/);
  });

  it("targets[].id: each adapter is a component of its own; install.required keeps one in any choice", async () => {
    const record = JSON.parse(text(project, ".agentc/installed.json"));
    assert.deepEqual(record.components, ["agents", "copilot", "cursor-rules", "skills"]);
    const only = testdir();
    assert.equal(
      (await runAgentc(["install", zip, "--project", only, "--components", "cursor-rules", "--yes"])).status,
      0,
    );
    assert.deepEqual(JSON.parse(text(only, ".agentc/installed.json")).components, ["agents", "cursor-rules"]);
  });

  it("output_dir, extension, scoped_layout, per_rule_filename: where each rule file goes", () => {
    assert.ok(existsSync(join(project, ".cursor/rules/code-style.mdc")));
    assert.ok(existsSync(join(project, ".github/instructions/code-style.instructions.md")));
    assert.ok(existsSync(join(project, ".claude/skills/code-style/SKILL.md")));
  });

  it("global_placement and pinned_global_name: one single_file AGENTS.md, a pinned module, none for the others", () => {
    assert.match(text(project, "AGENTS.md"), /^# Router/);
    assert.match(text(project, ".github/instructions/00-team.instructions.md"), /# Router/);
    assert.ok(!existsSync(join(project, ".cursor/rules/AGENTS.mdc")));
  });

  it("frontmatter slots: {globs_csv}, {globs}, {globs_yaml}, {description}, {slug}, {alwaysApply}", () => {
    assert.match(
      text(project, ".cursor/rules/code-style.mdc"),
      /^---\ndescription: How TypeScript code[^\n]*\nglobs: "src\/\*\*\/\*\.ts"\nalwaysApply: false\n---\n/,
    );
    assert.match(
      text(project, ".github/instructions/code-style.instructions.md"),
      /^---\napplyTo: \["src\/\*\*\/\*\.ts"\]\n---\n/,
    );
    assert.match(
      text(project, ".claude/skills/code-style/SKILL.md"),
      /^---\nname: code-style\ndescription: [^\n]+\npaths:\n {2}- "src\/\*\*\/\*\.ts"\n---\n/,
    );
  });

  it("skip_globs: a catch-all rule is left out where the adapter skips it, and written elsewhere", () => {
    assert.ok(!existsSync(join(project, ".cursor/rules/commit-messages.mdc")));
    assert.ok(existsSync(join(project, ".github/instructions/commit-messages.instructions.md")));
  });

  it("install.adapter_symlinks: CLAUDE.md links to the always-on file", () => {
    assert.ok(lstatSync(join(project, "CLAUDE.md")).isSymbolicLink());
    assert.equal(readlinkSync(join(project, "CLAUDE.md")), "AGENTS.md");
  });

  it("install.legacy_cleanup: the old format's file, which agentc did not write, is moved aside with --move-aside", () => {
    assert.equal(existsSync(join(project, ".cursorrules")), false);
    assert.equal(text(project, ".cursorrules.agentc-old"), "old rules\n");
  });

  it("install.scaffold_dirs: the folder is made when missing", () => {
    assert.ok(statSync(join(project, ".github/prompts")).isDirectory());
  });

  it("install.preserve: a file of the pattern in the output folder survives a reinstall", () => {
    assert.equal(text(project, ".cursor/rules/local-notes.mdc"), "my own rule\n");
  });

  it("install.seeds with known_hashes: an old seed agentc did not write is taken with --move-aside, one the user wrote is kept", () => {
    assert.match(text(project, ".claude/settings.json"), /"PreToolUse"/);
    assert.equal(text(project, ".claude/settings.json.agentc-old"), oldSettings);
    assert.match(text(project, ".mcp.json"), /"mine"/);
  });

  it("install.owned_assets: a program keeps its executable bit, a text asset is written", () => {
    assert.equal(statSync(join(project, ".github/hooks/check-commit.sh")).mode & 0o111, 0o111);
    assert.match(text(project, ".github/team-notes.md"), /# Team notes/);
  });

  it("publish_rewrites: the zip names .github github-dir, and the installer turns it back", () => {
    const names = Object.keys(unzipSync(readFileSync(zip)));
    assert.ok(names.includes("github-dir/team-notes.md"));
    assert.ok(!names.some((n) => n.startsWith(".github/")));
    assert.deepEqual(manifest().install.publish_rewrites, [".github :: github-dir"]);
  });

  it("bundle_url, roster_budget and the tools lists land in manifest.json as seed 000 lists them", () => {
    const install = manifest().install;
    assert.equal(install.bundle, "https://example.com/acme/bundle.zip");
    assert.deepEqual(install.roster_budget, {
      owned_words: 1000,
      vendor_reserve_words: 1600,
      roster_glob: ".claude/skills/*/SKILL.md",
      dead_marker: "DEPRECATED",
    });
    assert.deepEqual(install.tool_paths, ["kit :: .kit"]);
    assert.deepEqual(install.tool_payload_keep, ["kit :: .kit/memory"]);
    assert.equal(manifest().registry_version, "1.6.1");
  });

  it("plugin: plugin.zip takes the skills of skills_from, the hooks of hook_seed with the path rewrites, the MCP seed", () => {
    const plugin = unzipSync(readFileSync(join(build, "plugin.zip")));
    assert.ok(plugin["skills/code-style/SKILL.md"]);
    const hooks = Buffer.from(plugin["hooks/hooks.json"] ?? []).toString("utf8");
    assert.match(hooks, /\$\{CLAUDE_PLUGIN_ROOT\}\/skills\/code-style\/SKILL\.md/);
    assert.ok(plugin[".mcp.json"] && plugin["mcp.json"]);
    assert.ok(plugin[".claude-plugin/plugin.json"] && plugin["plugin.json"]);
    assert.match(text(build, "marketplace.json"), /"acme-config"/);
  });
});
