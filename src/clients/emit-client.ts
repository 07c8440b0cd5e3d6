import type { Diagnostic } from "../diagnostics/diagnostic.js";
import type { ComposedFile, EmittedFile } from "../emit/emitted-tree.js";
import type { Registry } from "../registry/model.js";
import type { CapabilityRow } from "./capability.js";
import type { LoadedClientPack } from "./loaded-client-pack.js";

/** What one client pack makes of the core: whole files, values inside shared files, and every loss said. */
export interface ClientEmission {
  files: EmittedFile[];
  composed: ComposedFile[];
  diagnostics: Diagnostic[];
  /** Every promise of the core as this client keeps it; "cannot" rows are also reported as AGC080. */
  capabilities: CapabilityRow[];
}

/** Pure: the registry's core/ through one client pack. */
export function emitClientPack(client: LoadedClientPack, registry: Registry): ClientEmission {
  void client;
  void registry;
  return { files: [], composed: [], diagnostics: [], capabilities: [] };
}
