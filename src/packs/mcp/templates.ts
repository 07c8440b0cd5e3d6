import type { McpMapping } from "./model.js";

/** One entry template of a pack's MCP section: where it stands under `mcp`, and the kind of entry it writes or reads. */
export interface McpTemplate {
  path: (string | number)[];
  template: unknown;
  kind: "stdio" | "remote" | "remote_read";
}

/**
 * Every entry template of the MCP section, the files it also reads included (their own templates only: what they
 * leave out is the main mapping's, checked there).
 */
export function mcpTemplates(mcp: McpMapping | undefined): McpTemplate[] {
  if (!mcp) return [];
  const own = (
    at: (string | number)[],
    m: Partial<Pick<McpMapping, "stdio" | "remote" | "remote_sse" | "remote_read">>,
  ): McpTemplate[] => [
    ...(m.stdio ? [{ path: [...at, "stdio"], template: m.stdio, kind: "stdio" as const }] : []),
    ...(m.remote ? [{ path: [...at, "remote"], template: m.remote, kind: "remote" as const }] : []),
    ...(m.remote_sse
      ? [{ path: [...at, "remote_sse"], template: m.remote_sse, kind: "remote" as const }]
      : []),
    ...(m.remote_read ?? []).map((template, i) => ({
      path: [...at, "remote_read", i],
      template,
      kind: "remote_read" as const,
    })),
  ];
  return [...own([], mcp), ...(mcp.also_read ?? []).flatMap((also, i) => own(["also_read", i], also))];
}
