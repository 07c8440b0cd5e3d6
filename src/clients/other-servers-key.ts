import { withRuntimePlaceholders } from "../packs/shared/pack-text.js";
import { isObject } from "../shared/json-shape.js";
import { builtinClientPacks } from "./load-client-packs.js";
import type { ClientPack } from "./model.js";

/**
 * A top-level key of `file`, when it is the pack's MCP file, under which another client lists its servers,
 * holding them, where the pack reads its own (`mcpServers` in .vscode/mcp.json, copied from another client's
 * file, where VS Code reads `servers`): the client starts none of those servers. Undefined when there is none.
 */
export function otherServersKey(
  pack: ClientPack,
  file: string,
  value: Record<string, unknown>,
): string | undefined {
  const { mcp } = pack;
  if (!mcp || withRuntimePlaceholders(pack, mcp.file) !== file) return undefined;
  return serversKeys().find((key) => key !== mcp.key[0] && isObject(value[key]));
}

let keys: string[] | undefined;

/** The first segment of every built-in pack's MCP servers key: where some client lists its servers. */
function serversKeys(): string[] {
  keys ??= [...new Set(builtinClientPacks().flatMap(({ pack }) => pack.mcp?.key.slice(0, 1) ?? []))];
  return keys;
}
