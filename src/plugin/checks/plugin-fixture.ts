import type { Fixture } from "../../diagnostics/check-meta.js";
import { agentsMdAdapter, ruleFile, targetsWith, withBase } from "../../diagnostics/fixture-base.js";

/** The example registries of the plugin checks: one rule as a skill, a settings asset with hooks, an MCP asset. */
const skillsAdapter = {
  id: "team-skills",
  output_dir: ".claude/skills",
  global_placement: "none",
  scoped_layout: "per_rule_dir",
  per_rule_filename: "SKILL.md",
  frontmatter: ["---", "name: {slug}", "description: {description}", "---"],
};
const assetsAdapter = {
  id: "team-settings",
  install: {
    owned_assets: [
      { source: "assets/settings.json", install: ".claude/settings.json", kind: "text" },
      { source: "assets/mcp.json", install: ".mcp.json", kind: "text" },
    ],
  },
};

export const examplePlugin = {
  name: "team-tools",
  description: "The team's assistant configuration",
  owner: { name: "Platform Team" },
  skills_from: "team-skills",
  hook_seed: ".claude/settings.json",
  hook_path_rewrites: [['"$CLAUDE_PROJECT_DIR/.claude/skills/', `"\${CLAUDE_PLUGIN_ROOT}/skills/`]],
  mcp_seed: ".mcp.json",
};

const hookOnSkill = 'node "$CLAUDE_PROJECT_DIR/.claude/skills/deploy/SKILL.md"';

export function pluginFixture(
  plugin: object = {},
  options: { command?: string; server?: object; extra?: object; files?: Fixture } = {},
): Fixture {
  const hooks = { Stop: [{ hooks: [{ type: "command", command: options.command ?? hookOnSkill }] }] };
  return withBase({
    "targets.json": targetsWith([agentsMdAdapter, skillsAdapter, assetsAdapter], {
      registry_version: "1.0.0",
      plugin: { ...examplePlugin, ...plugin },
      ...options.extra,
    }),
    "rules/deploy.md": ruleFile(
      ["scope: scoped", 'globs: ["deploy/**"]', "description: Use when deploying the service."],
      "# Deploy",
      ["- Run the pipeline."],
    ),
    "assets/settings.json": `${JSON.stringify({ hooks }, null, 2)}\n`,
    "assets/mcp.json": `${JSON.stringify({ mcpServers: { docs: options.server ?? { type: "stdio", command: "docs-mcp" } } }, null, 2)}\n`,
    ...options.files,
  });
}
