import type { InlineCheck } from "../../diagnostics/check-meta.js";
import type { PluginFinding } from "../report.js";
import { pluginFixture } from "./plugin-fixture.js";

const previous = {
  name: "team-tools",
  owner: { name: "Platform Team" },
  plugins: [
    {
      name: "team-tools",
      source: "./team-tools",
      version: "1.0.0",
      metadata: { agentc_content_sha256: "0" },
    },
  ],
};

export const pluginVersionChanged: InlineCheck = {
  id: "AGC181",
  slug: "plugin-version-changed",
  stage: "emit",
  severity: "warning",
  title: "A plugin whose content changed needs a new version",
  description:
    "Claude Code pins an installed plugin to its version string: people get an update only when the version changes. The marketplace entry carries a digest of the plugin's content; when the previous build (the --out folder, by default <registry>/build) lists the same version with another entry, the new content would never reach them.",
  hint: "Raise registry_version (or plugin.version) whenever the plugin's content changes.",
  get examples() {
    return {
      passing: pluginFixture(),
      failing: pluginFixture(
        {},
        { files: { "build/marketplace.json": `${JSON.stringify(previous, null, 2)}\n` } },
      ),
      expected: [
        "targets.json:46:23: warning AGC181 the plugin's content changed since the previous build's marketplace.json, but its version is still \"1.0.0\": people who installed it get no update",
      ],
    };
  },
};

/** A marketplace entry whose content changed since the previous build's `file` while its version stayed. */
export function versionUnchangedFinding(file: string, version: unknown): PluginFinding {
  return {
    check: pluginVersionChanged,
    message: `the plugin's content changed since the previous build's ${file}, but its version is still "${String(version)}": people who installed it get no update`,
  };
}
