import type { Diagnostic } from "../diagnostics/diagnostic.js";
import type { Registry } from "../registry/model.js";
import { emitAdapter } from "./adapters/emit-adapter.js";
import { emitCapabilities } from "./capabilities/emit-capabilities.js";
import { emitClientSkills } from "./capabilities/emit-client-skills.js";
import { emitClientPack } from "./clients/emit-client.js";
import type { EmittedTree } from "./emitted-tree.js";
import { capabilitiesFile } from "./matrix/capabilities-file.js";

/** Pure: the whole registry × every adapter → the emitted tree. */
export function emitRegistry(registry: Registry): { tree: EmittedTree; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const files = registry.adapters.flatMap(({ adapter }) => {
    const out = emitAdapter(adapter, registry);
    diagnostics.push(...out.diagnostics);
    return out.files;
  });
  const composed = [];
  const capabilities = [];
  for (const client of registry.clients) {
    const out = emitClientPack(client, registry);
    files.push(...out.files);
    composed.push(...out.composed);
    capabilities.push(...out.capabilities);
    diagnostics.push(...out.diagnostics);
  }
  if (registry.clients.length > 0) files.push(capabilitiesFile(registry.clients, capabilities));
  files.push(...emitCapabilities(registry.capabilities));
  const clientSkills = emitClientSkills(registry);
  files.push(...clientSkills.files);
  diagnostics.push(...clientSkills.diagnostics);
  return { tree: { files, composed, capabilities }, diagnostics };
}
