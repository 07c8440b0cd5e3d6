import type { InlineCheck } from "../../diagnostics/check-meta.js";
import { baseFixture, withBase } from "../../diagnostics/fixture-base.js";
import type { PluginFinding } from "../report.js";

const targets = JSON.parse(baseFixture["targets.json"] ?? "{}") as Record<string, unknown>;

export const pluginInputsExist: InlineCheck = {
  id: "AGC050",
  slug: "plugin-inputs-exist",
  stage: "emit",
  severity: "error",
  title: "plugin's skills_from, hook_seed and mcp_seed must name what the build emits",
  description:
    "plugin.zip takes its skills from one adapter's per-rule folders, its hooks from the 'hooks' key of a JSON seed or asset, and its MCP file from another. Each must exist in the build, or the plugin would ship without them (an error). A hook_seed without a 'hooks' key, or a hook_path_rewrites pair that matches nothing, is a warning: the plugin is built, but not as the configuration suggests.",
  hint: "Name an adapter id with scoped_layout per_rule_dir in skills_from, and install paths of emitted seeds or assets in hook_seed and mcp_seed.",
  get examples() {
    return {
      passing: withBase({}),
      failing: withBase({
        "targets.json": `${JSON.stringify({ ...targets, plugin: { name: "team", skills_from: "no-such-adapter" } }, null, 2)}\n`,
      }),
      expected: [
        'targets.json:18:20: error AGC050 skills_from "no-such-adapter" names no adapter with scoped_layout per_rule_dir',
      ],
    };
  },
};

/** A plugin key (`key`) naming a path the build does not emit. */
export function notEmittedFinding(key: string, path: string): PluginFinding {
  return {
    check: pluginInputsExist,
    message: `${key} "${path}" is not a file the build emits (a seed or an owned asset)`,
  };
}

/** A seed named by `key` that is not a JSON object. */
export function notJsonObjectFinding(key: string, path: string): PluginFinding {
  return { check: pluginInputsExist, message: `${key} "${path}" is not a JSON object` };
}

/** A hook_seed without a "hooks" key. */
export function noHooksKeyFinding(hookSeed: string | undefined): PluginFinding {
  return {
    check: pluginInputsExist,
    message: `hook_seed "${hookSeed}" has no "hooks" key, so plugin.zip gets no hooks file`,
    severity: "warning",
  };
}

/** A hook_path_rewrites pair whose `from` occurs in no hook of `seed`. */
export function unusedRewriteFinding(from: string, seed: string): PluginFinding {
  return {
    check: pluginInputsExist,
    message: `hook_path_rewrites: "${from}" occurs nowhere in the hooks of ${seed}`,
    severity: "warning",
  };
}

/** An mcp_seed whose servers key (`key`) holds no object. */
export function noServersObjectFinding(mcpSeed: string | undefined, key: readonly string[]): PluginFinding {
  return { check: pluginInputsExist, message: `mcp_seed "${mcpSeed}" has no object at ${key.join(".")}` };
}

/** skills_from naming no adapter that writes one folder per rule. */
export function skillsFromFinding(skillsFrom: string): PluginFinding {
  return {
    check: pluginInputsExist,
    message: `skills_from "${skillsFrom}" names no adapter with scoped_layout per_rule_dir`,
  };
}
