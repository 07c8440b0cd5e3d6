import type { LoadedClientPack } from "../../clients/loaded-client-pack.js";
import { sections } from "../../packs/index.js";
import { type SettingsPart, uniqueEntries } from "../../packs/shared/settings-part.js";
import type { Registry } from "../../registry/model.js";
import type { ComposedFile, EmittedFile } from "../emitted-tree.js";
import type { ClientEmission } from "./emit-context.js";

/**
 * Pure: permissions, the sandbox, hooks, MCP servers and the secret guard of the core through one client pack —
 * values composed into the client's shared files, the guard program, and one capability row per
 * promise (docs/client-settings.md).
 */
export function emitClientSettings(client: LoadedClientPack, registry: Registry): ClientEmission {
  const { pack } = client;
  const outcomes = sections.flatMap((section) => section.settings?.emit(pack, registry) ?? []);
  return {
    files: outcomes.flatMap((o): EmittedFile[] => o.files ?? []),
    composed: composedFiles(
      pack.client,
      outcomes.flatMap((o) => o.parts),
    ),
    diagnostics: outcomes.flatMap((o) => o.diagnostics ?? []),
    capabilities: outcomes.flatMap((o) => o.rows),
  };
}

/** One composed file per path, its entries in the order the parts gave them. */
function composedFiles(component: string, parts: SettingsPart[]): ComposedFile[] {
  const byPath = new Map<string, ComposedFile>();
  for (const part of parts) {
    const file = byPath.get(part.file) ?? { path: part.file, component, format: part.format, entries: [] };
    file.entries.push(...part.entries);
    byPath.set(part.file, file);
  }
  return [...byPath.values()].map((file) => ({ ...file, entries: uniqueEntries(file.entries) }));
}
