import type { PackFault } from "../section.js";
import { slotsOf } from "../shared/template-slots.js";
import type { McpPack } from "./model.js";

/**
 * Another spelling of a remote entry (`mcp.remote_read`) is read only where the entry says its transport
 * (read.ts): one without a "{transport}" slot would read no entry at all.
 */
export function mcpFaults(pack: McpPack): PackFault[] {
  const spellings: [(string | number)[], Record<string, unknown>][] = [
    ...(pack.mcp?.remote_read ?? []).map((t, i): [(string | number)[], Record<string, unknown>] => [
      ["mcp", "remote_read", i],
      t,
    ]),
    ...(pack.mcp?.also_read ?? []).flatMap((also, i) =>
      (also.remote_read ?? []).map((t, j): [(string | number)[], Record<string, unknown>] => [
        ["mcp", "also_read", i, "remote_read", j],
        t,
      ]),
    ),
  ];
  return spellings.flatMap(([path, template]) =>
    slotsOf(template).has("transport")
      ? []
      : [
          {
            path,
            part: "key" as const,
            message:
              'this spelling of a remote entry has no "{transport}" slot, so import would read no entry through it',
            hint: 'Put "{transport}" at the key that names the transport, e.g. "type": "{transport}".',
          },
        ],
  );
}
