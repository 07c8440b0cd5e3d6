import type { LoadedClientPack } from "../../clients/loaded-client-pack.js";
import type { KeyPath } from "../../compose/model.js";
import type { Position } from "../../diagnostics/diagnostic.js";
import { withRuntimePlaceholders } from "../../packs/shared/pack-text.js";
import type { TrustHit } from "../../packs/trust-keys/resolve.js";
import type { Registry } from "../../registry/model.js";

/**
 * Where the registry wrote a trust key the build composes into a client's settings file: the
 * registry's own client pack (permissions_extra, settings_extra, an MCP template), or a coarse
 * exec rule of core/permissions.json; undefined when neither holds it.
 */
export function composedSource(registry: Registry, file: string, hit: TrustHit): Position | undefined {
  const pack = registry.clients.find((c) => c.pack.client === hit.trustKey.client && c.origin === "registry");
  const inPack = pack ? packPosition(pack, file, hit.path) : undefined;
  if (inPack) return inPack;
  const list = typeof hit.path.at(-1) === "number" && hit.trustKey.key.at(-1) === "*";
  const coarseExec = registry.core.permissions.allow.find(
    (r) => r.verb === "exec" && r.patterns.length === 0,
  );
  return list ? coarseExec?.position : undefined;
}

function packPosition(loaded: LoadedClientPack, file: string, path: KeyPath): Position | undefined {
  const { pack, document } = loaded;
  const permissions = pack.permissions;
  const candidates: KeyPath[] = [];
  if (permissions && withRuntimePlaceholders(pack, permissions.file) === file) {
    const under = permissions.key;
    if (under.every((segment, i) => path[i] === segment))
      candidates.push(["permissions", "permissions_extra", ...path.slice(under.length)]);
    candidates.push(["permissions", "settings_extra", ...path]);
  }
  const mcp = pack.mcp;
  if (mcp && withRuntimePlaceholders(pack, mcp.file) === file && path.length > mcp.key.length + 1) {
    const inside = path.slice(mcp.key.length + 1);
    candidates.push(["mcp", "stdio", ...inside], ["mcp", "remote", ...inside]);
  }
  const found = candidates.find((candidate) => holds(document.value, candidate));
  return found ? document.positionOf(found, "key") : undefined;
}

function holds(value: unknown, path: KeyPath): boolean {
  let at = value;
  for (const segment of path) {
    if (at === null || typeof at !== "object" || !(String(segment) in at)) return false;
    at = (at as Record<string, unknown>)[String(segment)];
  }
  return true;
}
