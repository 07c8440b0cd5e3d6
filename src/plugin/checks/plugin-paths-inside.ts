import type { InlineCheck } from "../../diagnostics/check-meta.js";
import { pathProblem } from "../../shared/path-check.js";
import type { PluginFinding } from "../report.js";
import { pluginFixture } from "./plugin-fixture.js";

export const pluginPathsInside: InlineCheck = {
  id: "AGC183",
  slug: "plugin-paths-inside",
  stage: "emit",
  severity: "error",
  title: "Every path a plugin's files name must be a file of the package",
  description: `A plugin is installed as a copy of its folder. A manifest, hooks or MCP value that names \${CLAUDE_PLUGIN_ROOT}/…, \${PLUGIN_ROOT}/…, \${extensionPath}/… or a ./ path must name a file the package holds, never one outside it ('..'); and the package's own paths must be plain relative paths (no '..', no absolute path, no link: agentc writes none), with no two hosts writing different files at one path.`,
  hint: "Make hook_path_rewrites point at a path the plugin holds (its skills folder, a shipped file), or drop the reference.",
  get examples() {
    return {
      passing: pluginFixture(),
      failing: pluginFixture({
        hook_path_rewrites: [['"$CLAUDE_PROJECT_DIR/.claude/skills/', `"\${CLAUDE_PLUGIN_ROOT}/nowhere/`]],
      }),
      expected: [
        'targets.json:58:9: error AGC183 hooks/hooks.json in plugin.zip names "nowhere/deploy/SKILL.md", which is not a file of the package',
      ],
    };
  },
};

/** A path the package would hold that is not a safe relative path; undefined when it is. */
export function unsafePathFinding(archive: string, path: string): PluginFinding | undefined {
  const problem = pathProblem(path);
  if (!problem) return undefined;
  return { check: pluginPathsInside, message: `${archive} would hold "${path}", a path that ${problem}` };
}

/** A package path a file of the package names (`named`, in `written`) that leads out or is not there. */
export function namedPathFinding(
  named: string,
  where: { written: string; archive: string },
  packagePaths: readonly string[],
): PluginFinding | undefined {
  const problem = missingPath(named, packagePaths);
  if (!problem) return undefined;
  return {
    check: pluginPathsInside,
    message: `${where.written} in ${where.archive} names "${named}", which ${problem}`,
  };
}

function missingPath(path: string, packagePaths: readonly string[]): string | undefined {
  if (path.split("/").includes("..")) return "leads out of the package";
  if (packagePaths.some((p) => p === path || p.startsWith(`${path}/`))) return undefined;
  return "is not a file of the package";
}

/** Two hosts of one package that write different files at one path. */
export function overlappingFilesFinding(archive: string, path: string): PluginFinding {
  return {
    check: pluginPathsInside,
    message: `two hosts of ${archive} write different files at ${path}`,
    hint: "Choose hosts whose layouts do not overlap, or move one part with plugin.layout.",
  };
}
