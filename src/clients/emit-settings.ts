import type { Registry } from "../registry/model.js";
import type { ClientEmission } from "./emit-client.js";
import type { LoadedClientPack } from "./loaded-client-pack.js";

/**
 * Permissions, hooks, MCP servers and the guard of one pack: composed entries inside shared
 * settings files, the guard program, and their capability rows. Filled in on branch h-settings.
 */
export function emitClientSettings(client: LoadedClientPack, registry: Registry): ClientEmission {
  void client;
  void registry;
  return { files: [], composed: [], diagnostics: [], capabilities: [] };
}
