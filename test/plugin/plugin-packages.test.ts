import assert from "node:assert/strict";
import { readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { Ajv2020 } from "ajv/dist/2020.js";
import { builtinPluginHosts } from "../../src/registry/builtin-plugin-hosts.js";
import { packageRoot } from "../../src/shared/package-paths.js";
import { buildPluginRegistry, readJson, rebuild, teamPlugin, zipEntries } from "../support/plugin-build.js";

const portable = builtinPluginHosts().find((h) => h.portable_versions)?.portable_versions ?? [];

/** The published Agent Plugins schemas vendored in schemas/vendor/ (README.md there names their source). */
function vendoredValidator(schemaUrl: string) {
  const version = portable.find((v) => v.schema === schemaUrl);
  assert.ok(version, `a vendored version for ${schemaUrl}`);
  const read = (name: string) =>
    JSON.parse(readFileSync(join(packageRoot, version.vendored, `${name}.schema.json`), "utf8"));
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  const plugin = read("plugin");
  const mcp = read("mcp");
  assert.equal(plugin.$id, version.schema, "the vendored file is the schema it says");
  assert.equal(mcp.$id, version.mcp_schema);
  return { plugin: ajv.compile(plugin), mcp: ajv.compile(mcp) };
}

describe("plugin packages for every host (client fixture, real agentc build)", async () => {
  const built = await buildPluginRegistry();

  it("builds a zip per package and a marketplace file per host that has one", () => {
    assert.equal(built.status, 0, built.report);
    const written = ["plugin.zip", "gemini-extension.zip", "marketplace.json", "codex-marketplace.json"];
    for (const file of written) assert.ok(statSync(join(built.build, file)).size > 0, file);
    const manifest = readJson(built.build, "manifest.json") as { artifacts: string[] };
    for (const file of written) assert.ok(!manifest.artifacts.includes(file), `${file} is not an artifact`);
  });

  it("lays out plugin.zip with the client pack's skills, agents, commands and guard, and both manifests", () => {
    const names = Object.keys(zipEntries(join(built.build, "plugin.zip")));
    for (const path of [
      ".claude-plugin/plugin.json",
      "plugin.json",
      ".mcp.json",
      "mcp.json",
      "hooks/hooks.json",
      "hooks/agentc-guard.mjs",
      "skills/code-review/SKILL.md",
      "skills/code-review/scripts/diff-stats.sh",
      "agents/reviewer.md",
      "commands/changelog.md",
    ])
      assert.ok(names.includes(path), `plugin.zip holds ${path}`);
    assert.deepEqual(names, [...names].sort(), "entries in code-point order");
    for (const name of names) assert.doesNotMatch(name, /(^|\/)\.\.(\/|$)|^\//, name);
  });

  it("points the guard's hook at the plugin copy, quoted, and leaves no project path but reported ones", () => {
    const hooks = JSON.stringify(readJson(join(built.market, "team-tools"), "hooks/hooks.json"));
    assert.ok(hooks.includes(`node \\"\${CLAUDE_PLUGIN_ROOT}/hooks/agentc-guard.mjs\\"`), hooks);
    assert.ok(!hooks.includes("$CLAUDE_PROJECT_DIR/.claude/"), hooks);
    // the core's guard command is the project's own file: kept, and reported at core/hooks.json
    assert.match(built.report, /core\/hooks\.json:5:5: warning AGC180 .*"\.agentc\/guard\.mjs"/);
  });

  it("writes an Agent Plugins 1.0.0 plugin.json and mcp.json that the published schemas accept", () => {
    const schemas = vendoredValidator("https://agent-plugins.org/schemas/1.0.0/plugin.schema.json");
    const dir = join(built.market, "team-tools");
    const manifest = readJson(dir, "plugin.json");
    const mcp = readJson(dir, "mcp.json") as { mcpServers: Record<string, { type?: string }> };
    assert.ok(schemas.plugin(manifest), JSON.stringify(schemas.plugin.errors));
    assert.ok(schemas.mcp(mcp), JSON.stringify(schemas.mcp.errors));
    assert.deepEqual(
      Object.values(mcp.mcpServers).map((s) => s.type),
      ["streamable-http", "sse", "stdio"],
      "every server has an explicit type",
    );
    // the Claude Code file keeps its own transports: the two MCP files differ
    assert.notDeepEqual(readJson(dir, ".mcp.json"), mcp);
  });

  it("the vendored schemas refuse what the format forbids (the validation can fail)", () => {
    const schemas = vendoredValidator("https://agent-plugins.org/schemas/1.0.0/plugin.schema.json");
    const manifest = readJson(join(built.market, "team-tools"), "plugin.json");
    assert.equal(schemas.plugin({ ...manifest, hooks: "hooks/hooks.json" }), false, "closed manifest");
    assert.equal(schemas.plugin({ ...manifest, name: "team--tools" }), false, "name rule");
    const mcp = readJson(join(built.market, "team-tools"), "mcp.json");
    assert.equal(
      schemas.mcp({ mcpServers: (mcp as { mcpServers: object }).mcpServers }),
      false,
      "no $schema",
    );
    assert.equal(schemas.mcp({ ...mcp, mcpServers: { x: { command: "node" } } }), false, "no type");
  });

  it("lays out the Gemini CLI extension: manifest, context file, TOML commands, skills, agents, hooks", () => {
    const ext = built.extension;
    const manifest = readJson(ext, "gemini-extension.json") as Record<string, unknown>;
    assert.equal(manifest.name, "team-tools");
    assert.equal(manifest.version, "2.0.0");
    assert.equal(manifest.contextFileName, "GEMINI.md");
    const servers = manifest.mcpServers as Record<string, Record<string, unknown>>;
    assert.deepEqual(Object.keys(servers).sort(), ["docs", "events", "issues"]);
    assert.equal(
      servers.events?.type,
      "sse",
      "an SSE server as Gemini CLI reads one (clients/gemini-cli.json remote_sse)",
    );
    // A command prefix in excludeTools blocks nothing in 0.61.0; the deny rules are policies instead.
    assert.equal(manifest.excludeTools, undefined);
    assert.match(
      readFileSync(join(ext, "policies", "agentc.toml"), "utf8"),
      /^commandPrefix = "rm -rf"\ndecision = "deny"$/m,
    );
    assert.equal(
      readFileSync(join(ext, "GEMINI.md"), "utf8"),
      readFileSync(join(built.build, "AGENTS.md"), "utf8"),
    );
    assert.match(readFileSync(join(ext, "commands", "changelog.toml"), "utf8"), /^description = /m);
    for (const path of ["skills/triage/SKILL.md", "agents/reviewer.md", "hooks/agentc-guard.mjs"])
      assert.ok(statSync(join(ext, path)).isFile(), path);
    const hooks = JSON.stringify(readJson(ext, "hooks/hooks.json"));
    assert.ok(hooks.includes(`\\"\${extensionPath}/hooks/agentc-guard.mjs\\"`), hooks);
  });

  it("lists the plugin in the Codex marketplace at ./<name> and in the Claude Code one with a content digest", () => {
    const codex = readJson(built.market, ".agents/plugins/marketplace.json") as { plugins: object[] };
    assert.deepEqual((codex.plugins[0] as { source: object }).source, {
      source: "local",
      path: "./team-tools",
    });
    const claude = readJson(built.market, ".claude-plugin/marketplace.json") as {
      plugins: { version: string; metadata: { agentc_content_sha256: string } }[];
    };
    assert.equal(claude.plugins[0]?.version, "2.0.0");
    assert.match(claude.plugins[0]?.metadata.agentc_content_sha256 ?? "", /^[0-9a-f]{64}$/);
  });

  it("is byte-identical on a rebuild, and a content change under the same version is reported (AGC181)", async () => {
    const archives = ["plugin.zip", "gemini-extension.zip"];
    const before = archives.map((a) => readFileSync(join(built.build, a)));
    const same = await rebuild(built);
    assert.equal(same.status, 0, same.report);
    for (const [i, a] of archives.entries()) {
      assert.ok(readFileSync(join(built.build, a)).equals(before[i] ?? Buffer.alloc(0)), a);
    }
    assert.match(same.report, /0 written, \d+ unchanged/);
    assert.doesNotMatch(same.report, /AGC181/);
    const skill = join(built.registry, "core", "skills", "triage", "SKILL.md");
    writeFileSync(skill, readFileSync(skill, "utf8").replace(/\n*$/, "\n\nAlso read the linked issue.\n"));
    const changed = await rebuild(built);
    assert.match(changed.report, /targets\.json:\d+:\d+: warning AGC181 .*still "2\.0\.0"/, changed.report);
    const targets = join(built.registry, "targets.json");
    writeFileSync(
      targets,
      readFileSync(targets, "utf8").replace('"registry_version": "2.0.0"', '"registry_version": "2.0.1"'),
    );
    const bumped = await rebuild(built);
    assert.equal(bumped.status, 0, bumped.report);
    assert.doesNotMatch(bumped.report, /AGC181/);
  });
});

describe("Agent Plugins 1.1.0 (working draft)", () => {
  const layout = { portable_schema: "https://agent-plugins.org/schemas/1.1.0/plugin.schema.json" };

  it("writes 1.1.0 manifests the 1.1.0 schemas accept, when no host needs 1.0.0", async () => {
    const built = await buildPluginRegistry({
      ...teamPlugin,
      hosts: ["claude-code", "agent-plugins"],
      layout,
    });
    assert.equal(built.status, 0, built.report);
    const schemas = vendoredValidator(layout.portable_schema);
    const dir = join(built.market, "team-tools");
    assert.ok(schemas.plugin(readJson(dir, "plugin.json")), JSON.stringify(schemas.plugin.errors));
    assert.ok(schemas.mcp(readJson(dir, "mcp.json")), JSON.stringify(schemas.mcp.errors));
    assert.equal(
      readJson(dir, "mcp.json").$schema,
      "https://agent-plugins.org/schemas/1.1.0/mcp.schema.json",
    );
  });

  it("is refused with Codex among the hosts, which loads 1.0.0 only (AGC186 at portable_schema)", async () => {
    const built = await buildPluginRegistry({ ...teamPlugin, layout });
    assert.equal(built.status, 1);
    assert.match(built.report, /targets\.json:\d+:\d+: error AGC186 plugin host "codex" loads only/);
  });
});
