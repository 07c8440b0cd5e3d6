import type { LoadedClientPack } from "../../clients/loaded-client-pack.js";
import { sections } from "../../packs/index.js";
import { cannotWarnings } from "../../packs/shared/checks/client-cannot-express.js";
import { factFor } from "../../packs/shared/pack-facts.js";
import type { Registry } from "../../registry/model.js";
import { type LinkedFolderKind, readersThroughLinks } from "../../registry/project-links.js";
import { registryForClient } from "./client-core.js";
import { type ClientEmission, type EmitContext, mergeParts } from "./emit-context.js";
import { emitClientSettings } from "./emit-settings.js";
import { emitSharedFiles } from "./emit-shared-files.js";

/** Pure: the registry's core/ through one client pack. */
export function emitClientPack(client: LoadedClientPack, all: Registry): ClientEmission {
  const registry = registryForClient(all, client.pack.client);
  const linkedReaders = (kind: LinkedFolderKind, folder: string) =>
    readersThroughLinks(all, kind, client.pack.client, folder);
  const ctx: EmitContext = { client, pack: client.pack, registry, linkedReaders };
  const items = sections.flatMap((section) => (section.items ? [section.items.emit(ctx)] : []));
  const markdown = mergeParts([emitSharedFiles(ctx), ...items]);
  const settings = emitClientSettings(client, registry);
  const capabilities = [...markdown.capabilities, ...settings.capabilities].map((row) => {
    const fact = factFor(client.pack, row.basis);
    return fact ? { ...row, fact } : row;
  });
  const diagnostics = [...markdown.diagnostics, ...settings.diagnostics];
  return {
    files: [...markdown.files, ...settings.files],
    composed: settings.composed,
    diagnostics: [...diagnostics, ...cannotWarnings(client, capabilities, diagnostics)],
    capabilities,
  };
}
