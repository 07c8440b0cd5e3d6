import type { InlineCheck } from "../../diagnostics/check-meta.js";
import { pluginFixture } from "./plugin-fixture.js";

export const pluginHostKnown: InlineCheck = {
  id: "AGC186",
  slug: "plugin-host-known",
  stage: "emit",
  severity: "error",
  title: "plugin.hosts must name known hosts, with what each needs",
  description:
    "Plugin hosts are data (plugin-hosts/*.json). plugin.hosts must name existing hosts; a host that reads another's files (Codex reads the Agent Plugins manifest) needs that host too; layout.portable_schema must be an Agent Plugins version the portable host writes, and one every chosen host reads (Codex 0.171 loads 1.0.0 only).",
  hint: "Use host ids from plugin-hosts/ (agent-plugins, claude-code, codex, gemini-cli), add the hosts they need, and pick a portable_schema they all read.",
  examples: {
    passing: pluginFixture({ hosts: ["claude-code", "agent-plugins"] }),
    failing: pluginFixture({ hosts: ["claude-code", "no-such-host"] }),
    expected: [
      'targets.json:64:7: error AGC186 plugin.hosts names "no-such-host", which is no plugin host; known: agent-plugins, claude-code, codex, gemini-cli',
    ],
  },
};
