import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { runAgentc } from "../support/run-cli.js";
import { startGitServer } from "./git-server.js";
import { initRegistry, skill } from "./upstream.js";

const marketplace = `${JSON.stringify({
  name: "acme-tools",
  owner: { name: "Acme" },
  plugins: [
    { name: "review-kit", source: "./plugins/review-kit" },
    { name: "remote-kit", source: { source: "github", repo: "acme/remote-kit" } },
  ],
})}\n`;

describe("marketplace dependencies: one plugin of a Claude Code plugin marketplace in a git repository", () => {
  it("takes the plugin's skills, pinned by commit; a plugin kept elsewhere or missing is refused with what to do", async () => {
    const git = await startGitServer();
    git.create("market", {
      ".claude-plugin/marketplace.json": marketplace,
      "plugins/review-kit/.claude-plugin/plugin.json": '{"name": "review-kit"}\n',
      "plugins/review-kit/skills/review/SKILL.md": skill("review", "Plugin review."),
      "plugins/review-kit/hooks/hooks.json": '{"hooks": {}}\n',
      "plugins/other/skills/other/SKILL.md": skill("other", "Not this plugin."),
    });
    const team = await initRegistry("team");
    const add = (plugin: string) =>
      runAgentc(["add", git.url("market"), team, "--kind", "marketplace", "--plugin", plugin]);
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
      /the plugin "remote-kit" comes from \{"source":"github","repo":"acme\/remote-kit"\}, not a folder of the marketplace/,
    );
    const missing = await add("lint-kit");
    assert.equal(missing.status, 1);
    assert.match(missing.stderr, /the marketplace has no plugin "lint-kit"/);
    assert.match(missing.stderr, /It lists: review-kit, remote-kit\./);
  });
});
