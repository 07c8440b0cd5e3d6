import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { runAgentc } from "../support/run-cli.js";
import { startGitServer } from "./git-server.js";
import { startNpmServer } from "./npm-server.js";
import { initRegistry, skill } from "./upstream.js";

const marketplace = (plugins: object[] = []) =>
  `${JSON.stringify({
    name: "acme-tools",
    owner: { name: "Acme" },
    plugins: [
      { name: "review-kit", source: "./plugins/review-kit" },
      { name: "remote-kit", source: "https://example.org/remote-kit" },
      ...plugins,
    ],
  })}\n`;

/** `agentc add` of one plugin of the marketplace at `url` to the registry `team`. */
const addPlugin = (url: string, team: string, plugin: string, ...more: string[]) =>
  runAgentc(["add", url, team, "--kind", "marketplace", "--plugin", plugin, ...more]);

describe("marketplace dependencies: one plugin of a Claude Code plugin marketplace in a git repository", () => {
  it("takes the plugin's skills, pinned by commit; a plugin kept elsewhere or missing is refused with what to do", async () => {
    const git = await startGitServer();
    git.create("market", {
      ".claude-plugin/marketplace.json": marketplace(),
      "plugins/review-kit/.claude-plugin/plugin.json": '{"name": "review-kit"}\n',
      "plugins/review-kit/skills/review/SKILL.md": skill("review", "Plugin review."),
      "plugins/review-kit/hooks/hooks.json": '{"hooks": {}}\n',
      "plugins/other/skills/other/SKILL.md": skill("other", "Not this plugin."),
    });
    const team = await initRegistry("team");
    const add = (plugin: string) => addPlugin(git.url("market"), team, plugin);
    const added = await add("review-kit");
    assert.equal(added.status, 0, added.stderr);
    const entry = JSON.parse(readFileSync(join(team, "agentc.lock"), "utf8")).dependencies[0];
    assert.equal(entry.plugin, "review-kit");
    assert.match(entry.resolved, /^[0-9a-f]{40}$/);
    const built = await runAgentc(["build", team]);
    assert.equal(built.status, 0, built.stdout);
    const skills = join(team, "build", ".claude", "skills");
    assert.match(readFileSync(join(skills, "review", "SKILL.md"), "utf8"), /Plugin review\./);
    assert.throws(() => readFileSync(join(skills, "other", "SKILL.md")), /ENOENT/);

    const remote = await add("remote-kit");
    assert.equal(remote.status, 1);
    assert.match(
      remote.stderr,
      /the plugin "remote-kit" comes from "https:\/\/example\.org\/remote-kit", not a folder of the marketplace/,
    );
    const missing = await add("lint-kit");
    assert.equal(missing.status, 1);
    assert.match(missing.stderr, /the marketplace has no plugin "lint-kit"/);
    assert.match(missing.stderr, /It lists: review-kit, remote-kit\./);
  });

  it("follows a plugin kept in another git repository, a folder of one, or an npm package, pinned as the marketplace's dependency", async () => {
    const git = await startGitServer();
    const npm = await startNpmServer();
    const pinned = git.create("git-kit", { "skills/git-skill/SKILL.md": skill("git-skill", "From git v1.") });
    git.commit("git-kit", { "skills/git-skill/SKILL.md": skill("git-skill", "From git v2, not pinned.") });
    git.create("mono", {
      "plugins/sub-kit/commands/ship.md": "---\ndescription: Ship it.\n---\nShip the change.\n",
      "plugins/sub-kit/skills/sub-skill/SKILL.md": skill("sub-skill", "From a folder."),
      "plugins/sub-kit/hooks/hooks.json": '{"hooks": {}}\n',
      "other/skills/other/SKILL.md": skill("other", "Not this folder."),
    });
    npm.publish({
      "package.json": `${JSON.stringify({ name: "@acme/npm-kit", version: "1.2.0", license: "MIT" })}\n`,
      "skills/npm-skill/SKILL.md": skill("npm-skill", "From npm."),
    });
    git.create("market", {
      ".claude-plugin/marketplace.json": marketplace([
        { name: "git-kit", source: { source: "url", url: git.url("git-kit"), sha: pinned } },
        { name: "sub-kit", source: { source: "git-subdir", url: git.url("mono"), path: "plugins/sub-kit" } },
        {
          name: "npm-kit",
          source: { source: "npm", package: "@acme/npm-kit", version: "^1.0.0", registry: npm.url },
        },
        { name: "pip-kit", source: { source: "pip", package: "acme-kit" } },
      ]),
    });
    const team = await initRegistry("team");
    for (const plugin of ["git-kit", "sub-kit", "npm-kit"]) {
      const added = await addPlugin(git.url("market"), team, plugin, "--name", plugin);
      assert.equal(added.status, 0, added.stderr + added.stdout);
    }
    const lock = JSON.parse(readFileSync(join(team, "agentc.lock"), "utf8")).dependencies as {
      name: string;
      kind: string;
      provides: string;
      resolved: string;
      required_by?: string[];
    }[];
    assert.deepEqual(
      lock.map((e) => [e.name, e.kind, e.provides, e.required_by]),
      [
        ["git-kit", "marketplace", "registry", undefined],
        ["git-kit/plugin", "git", "marketplace-plugin", ["git-kit"]],
        ["npm-kit", "marketplace", "registry", undefined],
        ["npm-kit/plugin", "npm", "marketplace-plugin", ["npm-kit"]],
        ["sub-kit", "marketplace", "registry", undefined],
        ["sub-kit/plugin", "git", "marketplace-plugin", ["sub-kit"]],
      ],
    );
    assert.equal(lock[1]?.resolved, pinned, "the entry's sha pins the commit");
    assert.equal(lock[3]?.resolved, "1.2.0");

    await npm.stop();
    await git.stop();
    const built = await runAgentc(["build", team, "--offline", "--frozen"]);
    assert.equal(built.status, 0, built.stdout);
    const out = (path: string) => readFileSync(join(team, "build", ".claude", path), "utf8");
    assert.match(out("skills/git-skill/SKILL.md"), /From git v1\./);
    assert.match(out("skills/sub-skill/SKILL.md"), /From a folder\./);
    assert.match(out("skills/npm-skill/SKILL.md"), /From npm\./);
    assert.match(out("commands/ship.md"), /Ship the change\./);
    assert.throws(() => out("skills/other/SKILL.md"), /ENOENT/);
  });

  it("takes the files the plugin's manifest names beside its default folders, and refuses a path outside the plugin", async () => {
    const git = await startGitServer();
    const manifest = {
      name: "path-kit",
      commands: ["./extra/deploy.md", "./commands/"],
      agents: "./custom/agents/",
      skills: ["./more-skills/", "./one-skill"],
    };
    git.create("market", {
      ".claude-plugin/marketplace.json": marketplace([
        { name: "path-kit", source: "./plugins/path-kit" },
        { name: "bad-kit", source: "./plugins/bad-kit" },
        { name: "twice-kit", source: "./plugins/twice-kit" },
      ]),
      "plugins/path-kit/.claude-plugin/plugin.json": `${JSON.stringify(manifest)}\n`,
      "plugins/path-kit/commands/ship.md": "---\ndescription: Ship it.\n---\nShip the change.\n",
      "plugins/path-kit/extra/deploy.md": "---\ndescription: Deploy it.\n---\nDeploy the change.\n",
      "plugins/path-kit/extra/not-named.md": "---\ndescription: Not named.\n---\nNot named.\n",
      "plugins/path-kit/custom/agents/helper.md":
        "---\nname: helper\ndescription: Helps with reviews.\n---\nHelp review the change.\n",
      "plugins/path-kit/more-skills/lint/SKILL.md": skill("lint", "From a named folder of skills."),
      "plugins/path-kit/one-skill/SKILL.md": skill("one-skill", "One named skill."),
      "plugins/path-kit/one-skill/scripts/run.sh": "#!/bin/sh\necho run\n",
      "plugins/bad-kit/.claude-plugin/plugin.json": '{"name": "bad-kit", "agents": "../../secrets/"}\n',
      "plugins/bad-kit/skills/x/SKILL.md": skill("x", "X."),
      "plugins/twice-kit/.claude-plugin/plugin.json": '{"name": "twice-kit", "commands": "./extra/"}\n',
      "plugins/twice-kit/commands/ship.md": "---\ndescription: Ship it.\n---\nShip.\n",
      "plugins/twice-kit/extra/ship.md": "---\ndescription: Ship it too.\n---\nShip too.\n",
    });
    const team = await initRegistry("team");
    const added = await addPlugin(git.url("market"), team, "path-kit");
    assert.equal(added.status, 0, added.stderr + added.stdout);
    const built = await runAgentc(["build", team]);
    assert.equal(built.status, 0, built.stdout);
    const out = (path: string) => readFileSync(join(team, "build", ".claude", path), "utf8");
    assert.match(out("commands/ship.md"), /Ship the change\./);
    assert.match(out("commands/deploy.md"), /Deploy the change\./);
    assert.throws(() => out("commands/not-named.md"), /ENOENT/);
    assert.match(out("agents/helper.md"), /Help review the change\./);
    assert.match(out("skills/lint/SKILL.md"), /From a named folder of skills\./);
    assert.match(out("skills/one-skill/SKILL.md"), /One named skill\./);
    assert.match(out("skills/one-skill/scripts/run.sh"), /echo run/);

    const bad = await addPlugin(git.url("market"), team, "bad-kit", "--name", "bad-kit");
    assert.equal(bad.status, 1);
    assert.match(
      bad.stderr,
      /names "\.\.\/\.\.\/secrets\/" under "agents", which is not a path inside the plugin/,
    );
    const twice = await addPlugin(git.url("market"), team, "twice-kit", "--name", "twice-kit");
    assert.equal(twice.status, 1);
    assert.match(
      twice.stderr,
      /commands\/ship\.md and .*extra\/ship\.md would both be core\/commands\/ship\.md/,
    );
    await git.stop();
  });

  it("refuses a plugin source it does not read, naming it", async () => {
    const git = await startGitServer();
    git.create("market", {
      ".claude-plugin/marketplace.json": marketplace([
        { name: "pip-kit", source: { source: "pip", package: "x" } },
      ]),
    });
    const team = await initRegistry("team");
    const added = await addPlugin(git.url("market"), team, "pip-kit");
    assert.equal(added.status, 1);
    assert.match(
      added.stderr,
      /the plugin "pip-kit" comes from \{"source":"pip","package":"x"\}, a source agentc does not read/,
    );
  });
});
