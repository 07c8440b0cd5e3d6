import type { InlineCheck } from "../../diagnostics/check-meta.js";
import type { PluginFinding } from "../report.js";
import { pluginFixture } from "./plugin-fixture.js";

export const pluginHookProjectPath: InlineCheck = {
  id: "AGC180",
  slug: "plugin-hook-project-path",
  stage: "emit",
  severity: "warning",
  title: "A plugin's hook commands must not name paths in the project",
  description: `Installed from a plugin, a hook runs in whatever project the person has open. A command that still names a project path after hook_path_rewrites and the moved client folders ($CLAUDE_PROJECT_DIR/…, \${GEMINI_PROJECT_DIR}/…, or a relative path after the cd into the project that client packs write) points at a file that project need not have.`,
  hint: `Add a hook_path_rewrites pair that points the path into the plugin ("\${CLAUDE_PLUGIN_ROOT}/…"), ship the file in the plugin, or keep the hook out of it.`,
  get examples() {
    return {
      passing: pluginFixture(),
      failing: pluginFixture({}, { command: '"$CLAUDE_PROJECT_DIR/scripts/check.sh"' }),
      expected: [
        'targets.json:54:18: warning AGC180 the Claude Code plugin\'s hook command ""$CLAUDE_PROJECT_DIR/scripts/check.sh"" still names the project path "$CLAUDE_PROJECT_DIR/scripts/check.sh": installed as a plugin it runs in whatever project is open, where that file need not exist',
      ],
    };
  },
};

/** A hook command (`text`) of the host that still names the project path `left`; `root`: the host's plugin root. */
export function projectPathFinding(host: string, text: string, left: string, root: string): PluginFinding {
  return {
    check: pluginHookProjectPath,
    message: `the ${host}'s hook command "${text}" still names the project path "${left}": installed as a plugin it runs in whatever project is open, where that file need not exist`,
    hint: `Add a hook_path_rewrites pair that points it into the plugin ("${root}/…"), ship the file in the plugin, or keep the hook out of it.`,
  };
}
