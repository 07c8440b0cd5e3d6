import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { unzipSync } from "fflate";
import { compileRegistry } from "../../src/pipeline/compile.js";
import { buildPlugin } from "../../src/plugin/build-plugin.js";
import { testdir } from "../support/testdir.js";

const skillsAdapter = {
  id: "skills",
  output_dir: ".claude/skills",
  global_placement: "none",
  scoped_layout: "per_rule_dir",
  per_rule_filename: "SKILL.md",
  frontmatter: ["---", "name: {slug}", "description: {description}", "---"],
};
const root = {
  id: "root",
  output_dir: "",
  extension: ".md",
  global_placement: "single_file",
  pinned_global_name: "AGENTS",
};
const settingsAdapter = {
  id: "settings",
  install: {
    owned_assets: [
      { source: "assets/settings.json", install: ".claude/settings.json", kind: "text" },
      { source: "assets/mcp.json", install: ".mcp.json", kind: "text" },
    ],
  },
};

function registryWith(plugin: object): Record<string, string> {
  return {
    "sources.json": JSON.stringify({ version: 1, sources: [{ name: "m", kind: "custom", path: "rules" }] }),
    "targets.json": JSON.stringify({
      version: 1,
      registry_version: "3.1.0",
      builtin_adapters: "none",
      targets: [root, skillsAdapter, settingsAdapter],
      plugin,
    }),
    "rules/review.md":
      "---\nscope: scoped\nglobs: ['**/*.ts']\ndescription: Review TypeScript changes.\n---\n# Code Review\n\nRead the diff.\n",
    "assets/settings.json": JSON.stringify({
      permissions: { deny: ["Read(./.env)"] },
      hooks: {
        PreToolUse: [
          {
            matcher: "Read",
            hooks: [
              { type: "command", command: 'bash "$CLAUDE_PROJECT_DIR/.claude/skills/code-review/SKILL.md"' },
            ],
          },
        ],
      },
    }),
    "assets/mcp.json": '{"mcpServers": {"docs": {"command": "docs-mcp"}}}\n',
  };
}

const fullPlugin = {
  name: "team-config",
  description: "Our team's configuration",
  owner: { name: "Platform Team" },
  skills_from: "skills",
  hook_seed: ".claude/settings.json",
  hook_path_rewrites: [['"$CLAUDE_PROJECT_DIR/.claude/skills/', `"\${CLAUDE_PLUGIN_ROOT}/skills/`]],
  mcp_seed: ".mcp.json",
  layout: {
    native_manifest: ".claude-plugin/plugin.json",
    portable_manifest: "plugin.json",
    skills_dir: "skills",
    hooks_file: "hooks/hooks.json",
    mcp_files: [".mcp.json", "mcp.json"],
    portable_schema: "https://agent-plugins.org/schemas/1.0.0/plugin.schema.json",
  },
};

async function plugin(config: object) {
  const result = await compileRegistry(testdir(registryWith(config)));
  assert.ok(result.registry && result.tree && result.manifest, JSON.stringify(result.diagnostics));
  return buildPlugin(result.registry, result.tree, result.manifest);
}

describe("plugin.zip and marketplace.json", () => {
  it("packs manifests, skills, rewritten hooks and MCP files", async () => {
    const out = await plugin(fullPlugin);
    assert.deepEqual(out.diagnostics, []);
    const entries = unzipSync(new Uint8Array(out.files.get("plugin.zip") ?? Buffer.alloc(0)));
    assert.deepEqual(Object.keys(entries).sort(), [
      ".claude-plugin/plugin.json",
      ".mcp.json",
      "hooks/hooks.json",
      "mcp.json",
      "plugin.json",
      "skills/code-review/SKILL.md",
    ]);
    const text = (p: string) => Buffer.from(entries[p] ?? new Uint8Array()).toString("utf8");
    assert.deepEqual(JSON.parse(text(".claude-plugin/plugin.json")), {
      name: "team-config",
      version: "3.1.0",
      description: "Our team's configuration",
      author: { name: "Platform Team" },
    });
    assert.deepEqual(JSON.parse(text("plugin.json")), {
      $schema: "https://agent-plugins.org/schemas/1.0.0/plugin.schema.json",
      name: "team-config",
      version: "3.1.0",
      description: "Our team's configuration",
      author: { name: "Platform Team" },
    });
    const hooks = JSON.parse(text("hooks/hooks.json"));
    assert.equal(
      hooks.hooks.PreToolUse[0].hooks[0].command,
      `bash "\${CLAUDE_PLUGIN_ROOT}/skills/code-review/SKILL.md"`,
    );
    assert.equal(hooks.permissions, undefined);
    assert.match(
      text("skills/code-review/SKILL.md"),
      /^---\nname: code-review\ndescription: Review TypeScript changes\.\n---/,
    );
    assert.deepEqual(JSON.parse(text(".mcp.json")), { mcpServers: { docs: { command: "docs-mcp" } } });
    assert.deepEqual(JSON.parse(text("mcp.json")), {
      $schema: "https://agent-plugins.org/schemas/1.0.0/mcp.schema.json",
      mcpServers: { docs: { type: "stdio", command: "docs-mcp" } },
    });
    const market = JSON.parse(out.files.get("marketplace.json")?.toString() ?? "{}");
    assert.deepEqual(market.owner, { name: "Platform Team" });
    assert.equal(market.description, "Our team's configuration");
    assert.equal(market.version, "3.1.0");
    assert.deepEqual(
      { ...market.plugins[0], metadata: undefined },
      {
        name: "team-config",
        source: "./team-config",
        version: "3.1.0",
        description: "Our team's configuration",
        author: { name: "Platform Team" },
        metadata: undefined,
      },
    );
    assert.match(market.plugins[0].metadata.agentc_content_sha256, /^[0-9a-f]{64}$/);
  });

  it("is byte-identical across builds", async () => {
    const a = await plugin(fullPlugin);
    const b = await plugin(fullPlugin);
    assert.ok(a.files.get("plugin.zip")?.equals(b.files.get("plugin.zip") ?? Buffer.alloc(0)));
  });

  it("fails the build on a skills_from that names no per-rule-dir adapter, and writes no plugin", async () => {
    const result = await compileRegistry(testdir(registryWith({ ...fullPlugin, skills_from: "root" })));
    assert.equal(result.ok, false);
    assert.equal(result.plugin, undefined);
    assert.equal(result.manifest, undefined);
    assert.deepEqual(
      result.diagnostics.filter((d) => d.severity === "error").map((d) => [d.id, d.file]),
      // without the skills, the hook pointed at the skill's file names a file the plugin does not hold
      [
        ["AGC050", "targets.json"],
        ["AGC183", "targets.json"],
      ],
    );
  });

  it("reports hook and MCP seeds the build does not emit", async () => {
    const result = await compileRegistry(
      testdir(registryWith({ name: "p", hook_seed: ".claude/nothing.json", mcp_seed: "none.json" })),
    );
    assert.deepEqual(
      result.diagnostics.filter((d) => d.severity === "error").map((d) => [d.id, d.message.split(" ")[0]]),
      [
        ["AGC050", "hook_seed"],
        ["AGC050", "mcp_seed"],
      ],
    );
  });

  it("warns, and still builds, when hook_seed has no hooks or a path rewrite matches nothing", async () => {
    const files = registryWith({ ...fullPlugin, hook_path_rewrites: [["$NOWHERE/", "$ELSEWHERE/"]] });
    const noRewrite = await compileRegistry(testdir(files));
    assert.ok(noRewrite.plugin?.has("plugin.zip"));
    const warnings = (r: typeof noRewrite) =>
      r.diagnostics.filter((d) => d.id === "AGC050").map((d) => [d.severity, d.message.split(":")[0]]);
    assert.deepEqual(warnings(noRewrite), [["warning", "hook_path_rewrites"]]);
    const noHooks = await compileRegistry(
      testdir({ ...files, "assets/settings.json": '{"permissions": {}}' }),
    );
    assert.ok(noHooks.plugin?.has("plugin.zip"));
    assert.deepEqual(
      noHooks.diagnostics.filter((d) => d.id === "AGC050").map((d) => d.severity),
      ["warning"],
    );
    const entries = unzipSync(new Uint8Array(noHooks.plugin?.get("plugin.zip") ?? Buffer.alloc(0)));
    assert.equal(entries["hooks/hooks.json"], undefined);
  });

  it("takes what the layout leaves out from the host files (plugin-hosts/*.json), not from code", async () => {
    const layout = { native_manifest: ".claude-plugin/plugin.json" };
    const result = await compileRegistry(testdir(registryWith({ ...fullPlugin, layout })));
    assert.deepEqual(
      result.diagnostics.filter((d) => d.id === "AGC050"),
      [],
    );
    const entries = unzipSync(new Uint8Array(result.plugin?.get("plugin.zip") ?? Buffer.alloc(0)));
    // no portable_manifest in the layout: only the native host, with its own folders
    assert.deepEqual(Object.keys(entries).sort(), [
      ".claude-plugin/plugin.json",
      ".mcp.json",
      "hooks/hooks.json",
      "skills/code-review/SKILL.md",
    ]);
  });

  it("hands plugin.zip and marketplace.json to the build as non-artifacts", async () => {
    const result = await compileRegistry(testdir(registryWith(fullPlugin)));
    assert.deepEqual([...(result.plugin?.keys() ?? [])], ["plugin.zip", "marketplace.json"]);
    assert.ok(!result.manifest?.artifacts.includes("plugin.zip"));
  });
});
