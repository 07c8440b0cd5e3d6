import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { runAgentc } from "../support/run-cli.js";
import { sbomProblems } from "../support/sbom-schema.js";
import { startGitServer } from "./git-server.js";
import { startNpmServer } from "./npm-server.js";
import { initRegistry, skill } from "./upstream.js";

const schema = "https://agent-plugins.org/schemas/1.0.0/plugin.schema.json";
const manifest = (body: object) => `${JSON.stringify({ $schema: schema, ...body }, null, 2)}\n`;

/** An Agent Plugins package: plugin.json, two skills, an MCP file and a client extension folder. */
const plugin = (words: string) => ({
  "plugin.json": manifest({ name: "acme.review", version: "1.0.0", license: "Apache-2.0" }),
  "skills/review/SKILL.md": skill("review", words),
  "skills/review/references/checklist.md": "- Read the diff.\n",
  "skills/notes.md": "Not a skill: a file beside the skill folders.\n",
  "skills/deep/inner/SKILL.md": skill("inner", "Not discovered: only immediate folders are skills."),
  "mcp.json": `${JSON.stringify({ mcpServers: { docs: { type: "stdio", command: "./bin/docs" } } })}\n`,
  "com.example.client/hooks/hooks.json": "{}\n",
});

describe("Agent Plugins packages as dependencies (provides agent-plugin)", () => {
  it("takes the skills of a plugin in a git repository, pinned, and nothing else of it", async () => {
    const git = await startGitServer();
    git.create("review-plugin", {
      "README.md": "A plugin below.\n",
      ...prefixed("plugin/", plugin("Plugin review.")),
    });
    const team = await initRegistry("team");
    const added = await runAgentc([
      "add",
      git.url("review-plugin"),
      team,
      "--path",
      "plugin",
      "--provides",
      "agent-plugin",
    ]);
    assert.equal(added.status, 0, added.stderr);
    const entry = JSON.parse(readFileSync(join(team, "agentc.lock"), "utf8")).dependencies[0];
    assert.equal(entry.provides, "agent-plugin");
    assert.equal(entry.licence, "Apache-2.0", "plugin.json's licence where the source states none");
    await git.stop();
    const built = await runAgentc(["build", team, "--offline"]);
    assert.equal(built.status, 0, built.stdout);
    const skills = join(team, "build", ".claude", "skills");
    assert.match(readFileSync(join(skills, "review", "SKILL.md"), "utf8"), /Plugin review\./);
    assert.match(readFileSync(join(skills, "review", "references", "checklist.md"), "utf8"), /Read the diff/);
    assert.deepEqual(readdirSync(skills).sort(), ["review"], "deep/inner and notes.md are no skills");
    assert.doesNotMatch(readFileSync(join(team, "build", "manifest.json"), "utf8"), /bin\/docs|com\.example/);
  });

  it("an npm package that is an Agent Plugin, with its package's licence in the SBOM", async () => {
    const npm = await startNpmServer();
    npm.publish({
      "package.json": `${JSON.stringify({ name: "acme-review-plugin", version: "2.0.0", license: "MIT" })}\n`,
      ...plugin("Packaged review."),
    });
    const team = await initRegistry("team");
    const added = await runAgentc([
      "add",
      "npm:acme-review-plugin",
      team,
      "--provides",
      "agent-plugin",
      "--npm-registry",
      npm.url,
    ]);
    assert.equal(added.status, 0, added.stderr);
    const built = await runAgentc(["build", team]);
    assert.equal(built.status, 0, built.stdout);
    const sbom = readFileSync(join(team, "build", "sbom.cdx.json"), "utf8");
    assert.equal(await sbomProblems(sbom), null);
    const component = JSON.parse(sbom).components.find(
      (c: { name: string }) => c.name === "acme-review-plugin",
    );
    assert.equal(component.version, "2.0.0");
    assert.match(JSON.stringify(component.licenses), /MIT/);
  });

  it("refuses a package without plugin.json, with another $schema, or with a name the format does not allow", async () => {
    const git = await startGitServer();
    const team = await initRegistry("team");
    const cases: [string, Record<string, string>, RegExp][] = [
      [
        "no-manifest",
        { "skills/a/SKILL.md": skill("a", "A.") },
        /it has no plugin\.json, so it is no Agent Plugins package/,
      ],
      [
        "other-schema",
        {
          "plugin.json": `${JSON.stringify({ $schema: "https://agent-plugins.org/schemas/9.0.0/plugin.schema.json", name: "x" })}\n`,
          "skills/a/SKILL.md": skill("a", "A."),
        },
        /its plugin\.json declares "https:\/\/agent-plugins\.org\/schemas\/9\.0\.0\/plugin\.schema\.json" as "\$schema", not an Agent Plugins version agentc reads/,
      ],
      [
        "bad-name",
        { "plugin.json": manifest({ name: "Has--Caps" }), "skills/a/SKILL.md": skill("a", "A.") },
        /its plugin\.json has the name "Has--Caps", which Agent Plugins does not allow/,
      ],
      [
        "no-skills",
        { "plugin.json": manifest({ name: "empty" }), "README.md": "Nothing here.\n" },
        /the Agent Plugin "empty" has no skills\/<name>\/SKILL\.md and no mcp\.json/,
      ],
    ];
    for (const [name, files, message] of cases) {
      git.create(name, files);
      const added = await runAgentc(["add", git.url(name), team, "--provides", "agent-plugin"]);
      assert.equal(added.status, 1, name);
      assert.match(added.stderr, message);
    }
    assert.throws(() => readFileSync(join(team, "agentc.lock")), /ENOENT/, "nothing was pinned");
  });
});

function prefixed(prefix: string, files: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(files).map(([path, text]) => [`${prefix}${path}`, text]));
}
