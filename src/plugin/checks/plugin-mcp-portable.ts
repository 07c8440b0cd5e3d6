import type { InlineCheck } from "../../diagnostics/check-meta.js";
import type { PluginFinding } from "../report.js";
import { pluginFixture } from "./plugin-fixture.js";

export const pluginMcpPortable: InlineCheck = {
  id: "AGC185",
  slug: "plugin-mcp-portable",
  stage: "emit",
  severity: "warning",
  title: "MCP servers must be expressible in the portable package's mcp.json",
  description: `The Agent Plugins mcp.json has an explicit type per server (stdio, streamable-http, sse), a closed set of fields per type, a command that is one token (a program name or a ./ path, never expanded), expands only \${PLUGIN_ROOT} and \${PLUGIN_DATA}, and reserves PLUGIN_ROOT and PLUGIN_DATA in env. A server that needs more is left out or written without the part, and reported; a reserved env name is an error.`,
  hint: "Give the server a transport and fields the portable format has, or accept that portable clients (Codex, Copilot CLI) start it differently.",
  get examples() {
    return {
      passing: pluginFixture(),
      failing: pluginFixture({}, { server: { type: "ws", url: "wss://mcp.example.com" } }),
      expected: [
        'targets.json:61:17: warning AGC185 Agent Plugins portable package: MCP server "docs" uses transport "ws", which the format has no type for: it is left out of mcp.json',
      ],
    };
  },
};

/** A server of the portable mcp.json of a type the host `reader` does not start (it starts `types`). */
export function unstartedTypeFinding(
  reader: string,
  name: string,
  type: string | undefined,
  types: readonly string[],
): PluginFinding {
  return {
    check: pluginMcpPortable,
    message: `${reader}: MCP server "${name}" is of type ${type}, which that host does not start (it reads ${types.join(", ")})`,
  };
}

/**
 * What the portable format cannot carry of one server (`says`, after its name): a warning is the format's limit, a
 * loss of that host; an error is a server it cannot carry at all.
 */
export function portableServerFinding(
  host: { id: string; name: string },
  name: string,
  says: string,
  severity: "warning" | "error",
): PluginFinding {
  return {
    check: pluginMcpPortable,
    message: `${host.name}: MCP server "${name}" ${says}`,
    severity,
    ...(severity === "warning" ? { loss: { client: host.id, promise: `MCP server "${name}"` } } : {}),
  };
}
