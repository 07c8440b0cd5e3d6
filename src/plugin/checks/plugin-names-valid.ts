import type { InlineCheck } from "../../diagnostics/check-meta.js";
import type { NameRule } from "../../registry/plugin-host.js";
import type { PluginFinding } from "../report.js";
import { pluginFixture } from "./plugin-fixture.js";

export const pluginNamesValid: InlineCheck = {
  id: "AGC182",
  slug: "plugin-names-valid",
  stage: "emit",
  severity: "error",
  title: "Plugin and skill names must be valid for every chosen host",
  description:
    "Each host has its own name rules (plugin-hosts/*.json names): Agent Plugins allows 64 characters of a-z, 0-9, '.' and '-' with no '--'; Claude Code wants kebab-case and refuses the marketplace names Anthropic reserves; Gemini CLI allows letters, digits and dashes. Skills follow Agent Skills (lowercase, digits, single hyphens, 64 characters). A name one host refuses makes its validator, or its install, fail.",
  hint: "Rename the plugin (targets.json plugin.name) or the skill so that it fits every host in plugin.hosts.",
  get examples() {
    return {
      passing: pluginFixture(),
      failing: pluginFixture({ name: "team--tools" }),
      expected: [
        "targets.json:48:13: error AGC182 plugin name \"team--tools\" breaks the pattern of the Agent Plugins portable package: 1-64 lowercase letters, digits, '.' and '-', starting and ending with a letter or digit, with no '--' or '..' (§5.5)",
        'targets.json:48:13: error AGC182 plugin name "team--tools" breaks the pattern of the Claude Code plugin: kebab-case (lowercase letters and digits joined by single hyphens), at most 128 characters; the marketplace takes the plugin\'s name, and the names Anthropic reserves for its own marketplaces (plugin-marketplaces.md) are refused',
      ],
    };
  },
};

/** What is wrong with a name under a host's rule; undefined when the host takes it. */
export function nameProblem(name: string, rule: NameRule): string | undefined {
  if (name.length > rule.max_length) return `is ${name.length} characters long`;
  if (!new RegExp(rule.pattern).test(name)) return "breaks the pattern";
  if (rule.reserved?.includes(name.toLowerCase())) return "is reserved";
  return undefined;
}

/** The plugin's or a skill's name (`what`) against the rule of the host named `host`; undefined when it passes. */
export function nameFinding(
  what: "plugin" | "skill",
  name: string,
  host: string,
  rule: NameRule,
): PluginFinding | undefined {
  const problem = nameProblem(name, rule);
  if (!problem) return undefined;
  return {
    check: pluginNamesValid,
    message: `${what} name "${name}" ${problem} of the ${host}: ${rule.says}`,
  };
}
