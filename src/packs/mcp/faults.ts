import type { PackFault } from "../section.js";
import { slotsOf } from "../shared/template-slots.js";
import type { McpPack } from "./model.js";
import { mcpTemplates } from "./templates.js";

/**
 * Another spelling of a remote entry (`mcp.remote_read`) is read only where the entry says its transport
 * (read.ts): one without a "{transport}" slot would read no entry at all.
 */
export function mcpFaults(pack: McpPack): PackFault[] {
  return mcpTemplates(pack.mcp)
    .filter(({ kind, template }) => kind === "remote_read" && !slotsOf(template).has("transport"))
    .map(({ path }) => ({
      path: ["mcp", ...path],
      part: "key" as const,
      message:
        'this spelling of a remote entry has no "{transport}" slot, so import would read no entry through it',
      hint: 'Put "{transport}" at the key that names the transport, e.g. "type": "{transport}".',
    }));
}
