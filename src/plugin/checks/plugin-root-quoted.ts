import type { InlineCheck } from "../../diagnostics/check-meta.js";
import type { PluginFinding } from "../report.js";
import { pluginFixture } from "./plugin-fixture.js";

export const pluginRootQuoted: InlineCheck = {
  id: "AGC187",
  slug: "plugin-root-quoted",
  stage: "emit",
  severity: "error",
  title: "The plugin folder variable must stand in double quotes in hook commands",
  description: `An installed plugin's folder may contain spaces, so a shell command must quote it. claude plugin validate --strict refuses a hook command with \${CLAUDE_PLUGIN_ROOT} outside double quotes; the host data says which hosts require it (variables.root_quoted).`,
  hint: `Keep the quote in hook_path_rewrites: map '"$CLAUDE_PROJECT_DIR/…' to '"\${CLAUDE_PLUGIN_ROOT}/…'.`,
  get examples() {
    return {
      passing: pluginFixture(),
      failing: pluginFixture(
        { hook_path_rewrites: [["$CLAUDE_PROJECT_DIR/.claude/skills/", `\${CLAUDE_PLUGIN_ROOT}/skills/`]] },
        { command: "node $CLAUDE_PROJECT_DIR/.claude/skills/deploy/SKILL.md" },
      ),
      expected: [
        `targets.json:58:9: error AGC187 the Claude Code plugin's hook command "node \${CLAUDE_PLUGIN_ROOT}/skills/deploy/SKILL.md" uses \${CLAUDE_PLUGIN_ROOT} outside double quotes, which the host's validator refuses (a plugin folder may contain spaces)`,
      ],
    };
  },
};

/** A hook command (`text`) of the host that uses its plugin root variable outside double quotes. */
export function unquotedRootFinding(host: string, text: string, root: string): PluginFinding {
  return {
    check: pluginRootQuoted,
    message: `the ${host}'s hook command "${text}" uses ${root} outside double quotes, which the host's validator refuses (a plugin folder may contain spaces)`,
  };
}
