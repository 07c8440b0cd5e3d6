import { isObject } from "../shared/json-shape.js";
import { builtinClientPacks } from "./load-client-packs.js";
import type { ClientPack } from "./model.js";

/**
 * A top-level key of a pack's MCP file under which another client lists its servers, holding them, where the
 * pack reads its own (`mcpServers` in .vscode/mcp.json, copied from another client's file, where VS Code reads
 * `servers`): the client starts none of those servers. Undefined when there is none, or the pack has no MCP file.
 */
export function otherServersKey(pack: ClientPack, value: Record<string, unknown>): string | undefined {
  const own = pack.mcp?.key[0];
  if (own === undefined) return undefined;
  return serversKeys().find((key) => key !== own && isObject(value[key]));
}

let keys: string[] | undefined;

/** The first segment of every built-in pack's MCP servers key: where some client lists its servers. */
function serversKeys(): string[] {
  keys ??= [...new Set(builtinClientPacks().flatMap(({ pack }) => pack.mcp?.key.slice(0, 1) ?? []))];
  return keys;
}
