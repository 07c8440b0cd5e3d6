import type { InlineCheck } from "../../diagnostics/check-meta.js";
import { pluginFixture } from "./plugin-fixture.js";

export const pluginPathsInside: InlineCheck = {
  id: "AGC183",
  slug: "plugin-paths-inside",
  stage: "emit",
  severity: "error",
  title: "Every path a plugin's files name must be a file of the package",
  description: `A plugin is installed as a copy of its folder. A manifest, hooks or MCP value that names \${CLAUDE_PLUGIN_ROOT}/…, \${PLUGIN_ROOT}/…, \${extensionPath}/… or a ./ path must name a file the package holds, never one outside it ('..'); and the package's own paths must be plain relative paths (no '..', no absolute path, no link: agentc writes none), with no two hosts writing different files at one path.`,
  hint: "Make hook_path_rewrites point at a path the plugin holds (its skills folder, a shipped file), or drop the reference.",
  examples: {
    passing: pluginFixture(),
    failing: pluginFixture({
      hook_path_rewrites: [['"$CLAUDE_PROJECT_DIR/.claude/skills/', `"\${CLAUDE_PLUGIN_ROOT}/nowhere/`]],
    }),
    expected: [
      'targets.json:58:9: error AGC183 hooks/hooks.json in plugin.zip names "nowhere/deploy/SKILL.md", which is not a file of the package',
    ],
  },
};
