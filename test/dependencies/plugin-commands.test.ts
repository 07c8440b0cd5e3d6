import assert from "node:assert/strict";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { runAgentc } from "../support/run-cli.js";
import { startGitServer } from "./git-server.js";
import { initRegistry, skill } from "./upstream.js";

/** `${NAME}` as a plugin writes a variable. */
const variable = (name: string) => `\${${name}}`;
const json = (value: object) => `${JSON.stringify(value, null, 2)}\n`;

/** A Claude Code plugin with servers in .mcp.json and plugin.json, and hooks; some name the plugin's own folder. */
const claudePlugin = {
  ".claude-plugin/marketplace.json": json({
    name: "acme-tools",
    owner: { name: "Acme" },
    plugins: [{ name: "review-kit", source: "./plugins/review-kit" }],
  }),
  "plugins/review-kit/.claude-plugin/plugin.json": json({
    name: "review-kit",
    mcpServers: {
      tickets: { type: "http", url: "https://tickets.example.org/mcp" },
      docs: { command: "other-docs-mcp" },
    },
  }),
  "plugins/review-kit/skills/review/SKILL.md": skill("review", "Plugin review."),
  "plugins/review-kit/.mcp.json": json({
    mcpServers: {
      docs: { command: "npx", args: ["-y", "docs-mcp"], env: { TOKEN: variable("DOCS_TOKEN") } },
      bundled: { command: `${variable("CLAUDE_PLUGIN_ROOT")}/bin/server` },
      odd: { command: "odd-mcp", env: { TOKEN: variable("env:TOKEN") } },
    },
  }),
  "plugins/review-kit/hooks/hooks.json": json({
    hooks: {
      PostToolUse: [{ matcher: "Edit|Write", hooks: [{ type: "command", command: "npm run lint-staged" }] }],
      PreToolUse: [{ hooks: [{ type: "command", command: `"${variable("CLAUDE_PLUGIN_ROOT")}/check.sh"` }] }],
      Elicitation: [{ hooks: [{ type: "command", command: "echo asked" }] }],
      Stop: [
        { hooks: [{ type: "command", command: 'cd "$CLAUDE_PROJECT_DIR" && npm test' }] },
        { hooks: [{ type: "command", command: '"$CLAUDE_PROJECT_DIR"/fmt.sh' }] },
      ],
    },
  }),
};

/** `agentc add` of one plugin of the marketplace at `url` to the registry `team`. */
const addPlugin = (url: string, team: string, plugin: string) =>
  runAgentc(["add", url, team, "--kind", "marketplace", "--plugin", plugin]);

/** Sets `"trusted": true` on the registry's dependency `name` in sources.json. */
function trust(team: string, name: string): void {
  const file = join(team, "sources.json");
  const sources = JSON.parse(readFileSync(file, "utf8"));
  for (const d of sources.dependencies) if (d.name === name) d.trusted = true;
  writeFileSync(file, json(sources));
}

/** The values the build composes into the client file `path` (its .agentc-compose fragment), by key path. */
function composed(team: string, path: string): Record<string, unknown> {
  const file = join(team, "build", ".agentc-compose", "claude-code", `${path}.json`);
  if (!existsSync(file)) return {};
  const { entries } = JSON.parse(readFileSync(file, "utf8"));
  const values: Record<string, unknown> = {};
  for (const e of entries as { path: string[]; value: unknown }[]) {
    const key = e.path.join(".");
    values[key] = key in values ? [values[key], e.value].flat() : e.value;
  }
  return values;
}

describe("a plugin dependency's MCP servers and hooks", () => {
  it("enter as core servers and hooks only when the registry trusts the plugin; what cannot be carried is reported", async () => {
    const git = await startGitServer();
    git.create("market", claudePlugin);
    const team = await initRegistry("team");
    const added = await addPlugin(git.url("market"), team, "review-kit");
    assert.equal(added.status, 0, added.stderr);
    await git.stop();

    const untrusted = await runAgentc(["build", team, "--offline"]);
    assert.equal(untrusted.status, 0, untrusted.stdout);
    for (const file of [".mcp.json", "hooks/hooks.json", ".claude-plugin/plugin.json"])
      assert.match(
        untrusted.stdout,
        new RegExp(`AGC197 Dependency "review-kit" is not trusted, so [^ ]*${file.replace(/\./g, "\\.")} `),
      );
    assert.deepEqual(composed(team, ".mcp.json"), {}, "no server at all");
    assert.doesNotMatch(
      JSON.stringify(composed(team, ".claude/settings.json")),
      /docs-mcp|tickets|lint-staged/,
    );

    trust(team, "review-kit");
    const built = await runAgentc(["build", team, "--offline"]);
    assert.equal(built.status, 0, built.stdout);
    assert.doesNotMatch(built.stdout, /AGC197/);
    const servers = composed(team, ".mcp.json");
    assert.deepEqual(servers["mcpServers.docs"], {
      type: "stdio",
      command: "npx",
      args: ["-y", "docs-mcp"],
      env: { TOKEN: variable("DOCS_TOKEN") },
    });
    assert.deepEqual(servers["mcpServers.tickets"], { type: "http", url: "https://tickets.example.org/mcp" });
    assert.match(
      built.stdout,
      /plugin\.json.*mcpServers\.docs of dependency "review-kit" is left out of the build: .*\.mcp\.json names a server "docs" already/,
      "a second server of a name is reported, not silently dropped",
    );
    assert.doesNotMatch(JSON.stringify(servers), /other-docs-mcp/);
    assert.equal(servers["mcpServers.odd"], undefined);
    assert.match(
      built.stdout,
      /mcpServers\.odd of dependency "review-kit" is left out of the build: it holds "\$\{env:TOKEN\}", which is no placeholder/,
    );
    assert.equal(
      servers["mcpServers.bundled"],
      undefined,
      "a server in the plugin's own folder cannot run from a project",
    );
    const hooks = composed(team, ".claude/settings.json");
    assert.match(JSON.stringify(hooks["hooks.PostToolUse"]), /npm run lint-staged/);
    assert.match(JSON.stringify(hooks["hooks.PostToolUse"]), /"matcher":"Edit\|Write\|NotebookEdit"/);
    assert.doesNotMatch(JSON.stringify(hooks), /check\.sh|echo asked|fmt\.sh/);
    assert.match(
      JSON.stringify(hooks["hooks.Stop"]),
      /npm test/,
      "the client's own cd to the project is core's",
    );
    assert.match(
      built.stdout,
      /hooks\.Stop\.1 of dependency "review-kit" is left out of the build: it names \$CLAUDE_PROJECT_DIR/,
    );
    assert.match(
      built.stdout,
      /mcpServers\.bundled of dependency "review-kit" is left out of the build: it names \$\{CLAUDE_PLUGIN_ROOT\}/,
    );
    assert.match(
      built.stdout,
      /hooks\.PreToolUse\.0 of dependency "review-kit" is left out of the build: it names \$\{CLAUDE_PLUGIN_ROOT\}/,
    );
    assert.match(
      built.stdout,
      /hooks\.Elicitation of dependency "review-kit" is left out of the build: the core has no such event/,
    );
  });

  it("follows the files a trusted plugin's manifest names for its servers and hooks; a path it cannot follow is reported", async () => {
    const git = await startGitServer();
    git.create("market", {
      ".claude-plugin/marketplace.json": json({
        name: "acme-tools",
        owner: { name: "Acme" },
        plugins: [{ name: "path-kit", source: "./plugins/path-kit" }],
      }),
      "plugins/path-kit/.claude-plugin/plugin.json": json({
        name: "path-kit",
        mcpServers: "./config/servers.json",
        hooks: ["./config/hooks.json", "./config/missing.json", "../outside.json"],
      }),
      "plugins/path-kit/skills/review/SKILL.md": skill("review", "Plugin review."),
      "plugins/path-kit/config/servers.json": json({
        mcpServers: { search: { command: "npx", args: ["-y", "search-mcp"] } },
      }),
      "plugins/path-kit/config/hooks.json": json({
        PostToolUse: [{ matcher: "Edit", hooks: [{ type: "command", command: "npm run fmt" }] }],
      }),
    });
    const team = await initRegistry("team");
    const added = await addPlugin(git.url("market"), team, "path-kit");
    assert.equal(added.status, 0, added.stderr);
    await git.stop();
    const untrusted = await runAgentc(["build", team, "--offline"]);
    assert.match(
      untrusted.stdout,
      /AGC197 Dependency "path-kit" is not trusted, so [^ ]*config\/servers\.json /,
    );
    assert.deepEqual(composed(team, ".mcp.json"), {});

    trust(team, "path-kit");
    const built = await runAgentc(["build", team, "--offline"]);
    assert.equal(built.status, 0, built.stdout);
    assert.deepEqual(composed(team, ".mcp.json")["mcpServers.search"], {
      type: "stdio",
      command: "npx",
      args: ["-y", "search-mcp"],
    });
    assert.match(JSON.stringify(composed(team, ".claude/settings.json")["hooks.PostToolUse"]), /npm run fmt/);
    assert.match(
      built.stdout,
      /hooks\.1 of dependency "path-kit" is left out of the build: it names \.\/config\/missing\.json, which the plugin does not hold/,
    );
    assert.match(
      built.stdout,
      /hooks\.2 of dependency "path-kit" is left out of the build: it names \.\.\/outside\.json, which is not a path inside the plugin/,
    );
  });

  it("a trusted Agent Plugins package brings the servers of its mcp.json", async () => {
    const git = await startGitServer();
    git.create("portable", {
      "plugin.json": json({
        $schema: "https://agent-plugins.org/schemas/1.0.0/plugin.schema.json",
        name: "acme.search",
      }),
      "mcp.json": json({
        mcpServers: {
          search: {
            type: "streamable-http",
            url: "https://search.example.org/mcp",
            headers: { Authorization: `Bearer ${variable("SEARCH_TOKEN")}` },
          },
          local: { type: "stdio", command: "./bin/search" },
        },
      }),
    });
    const team = await initRegistry("team");
    const added = await runAgentc(["add", git.url("portable"), team, "--provides", "agent-plugin"]);
    assert.equal(added.status, 0, added.stderr);
    await git.stop();
    const name = JSON.parse(readFileSync(join(team, "sources.json"), "utf8")).dependencies[0].name;
    const untrusted = await runAgentc(["build", team, "--offline"]);
    assert.match(untrusted.stdout, /AGC197 .*\/mcp\.json \(MCP servers\) is left out/);
    trust(team, name);
    const built = await runAgentc(["build", team, "--offline"]);
    assert.equal(built.status, 0, built.stdout);
    const servers = composed(team, ".mcp.json");
    assert.deepEqual(servers["mcpServers.search"], {
      type: "http",
      url: "https://search.example.org/mcp",
      headers: { Authorization: `Bearer ${variable("SEARCH_TOKEN")}` },
    });
    assert.equal(servers["mcpServers.local"], undefined);
    assert.match(
      built.stdout,
      /mcpServers\.local of dependency ".*" is left out of the build: its command \.\/bin\/search is a file of the plugin/,
    );
  });
});
