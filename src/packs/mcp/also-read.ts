import { withRuntimePlaceholders } from "../shared/pack-text.js";
import type { McpMapping, McpPack } from "./model.js";

/** The files the client also reads servers from, each a whole mapping: what it leaves out is the main file's. */
export function alsoReadMappings(mapping: McpMapping | undefined): McpMapping[] {
  if (!mapping) return [];
  const { also_read: also = [], ...main } = mapping;
  return also.map((entry) => ({ ...main, ...entry }));
}

/** The mapping of the pack's file at `path` (runtime placeholders resolved): its MCP file or one it also reads. */
export function mappingAt(pack: McpPack, path: string): McpMapping | undefined {
  const { mcp } = pack;
  if (!mcp) return undefined;
  return [mcp, ...alsoReadMappings(mcp)].find((m) => withRuntimePlaceholders(pack, m.file) === path);
}
