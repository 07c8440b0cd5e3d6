import type { InlineCheck } from "../../diagnostics/check-meta.js";
import type { PluginFinding } from "../report.js";
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
  get examples() {
    return {
      passing: pluginFixture({ hosts: ["claude-code", "agent-plugins"] }),
      failing: pluginFixture({ hosts: ["claude-code", "no-such-host"] }),
      expected: [
        'targets.json:64:7: error AGC186 plugin.hosts names "no-such-host", which is no plugin host; known: agent-plugins, claude-code, codex, gemini-cli',
      ],
    };
  },
};

/** plugin.hosts names an id no plugin host has. */
export function unknownHostFinding(id: string, known: readonly string[]): PluginFinding {
  return {
    check: pluginHostKnown,
    message: `plugin.hosts names "${id}", which is no plugin host; known: ${known.join(", ")}`,
  };
}

/** A chosen host that reads the files of another host, which is not chosen. */
export function requiredHostFinding(host: string, needed: string): PluginFinding {
  return {
    check: pluginHostKnown,
    message: `plugin host "${host}" reads the files of host "${needed}", which plugin.hosts does not name`,
    hint: `Add "${needed}" to plugin.hosts.`,
  };
}

/** A host that loads only some versions of the portable manifest, and the package's is not one of them. */
export function unreadPortableSchemaFinding(
  host: string,
  reads: readonly string[],
  written: string,
): PluginFinding {
  return {
    check: pluginHostKnown,
    message: `plugin host "${host}" loads only ${reads.join(", ")}, and the package's portable manifest is ${written}`,
    hint: `Set plugin.layout.portable_schema to ${reads[0]}, or leave "${host}" out of plugin.hosts.`,
  };
}

/** plugin.layout.portable_schema names a version the host does not know. */
export function unknownPortableSchemaFinding(
  schema: string,
  host: string,
  known: readonly string[],
): PluginFinding {
  return {
    check: pluginHostKnown,
    message: `plugin.layout.portable_schema "${schema}" is no version host "${host}" knows; known: ${known.join(", ")}`,
  };
}
