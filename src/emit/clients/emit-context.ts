import type { LoadedClientPack } from "../../clients/loaded-client-pack.js";
import type { ClientPack } from "../../clients/model.js";
import type { Diagnostic } from "../../diagnostics/diagnostic.js";
import type { CapabilityRow } from "../../packs/shared/capability.js";
import type { Registry } from "../../registry/model.js";
import type { LinkedFolderKind } from "../../registry/project-links.js";
import type { ComposedFile, EmittedFile } from "../emitted-tree.js";

export {
  capability,
  emptyPart,
  mergeParts,
  noPlace,
  type PartEmission,
  placeBasis,
} from "../../packs/shared/items/emit-context.js";

/** What every emitter of a pack reads: the pack, where it came from, and the registry. */
export interface EmitContext {
  client: LoadedClientPack;
  pack: ClientPack;
  registry: Registry;
  /** The other chosen packs that read this pack's rule (or skill) files in `folder` through a link of the projects. */
  linkedReaders(kind: LinkedFolderKind, folder: string): ClientPack[];
}

/** What one client pack makes of the core: whole files, values inside shared files, and every loss said. */
export interface ClientEmission {
  files: EmittedFile[];
  composed: ComposedFile[];
  diagnostics: Diagnostic[];
  /** Every promise of the core as this client keeps it; "cannot" rows are also reported as AGC080. */
  capabilities: CapabilityRow[];
}
