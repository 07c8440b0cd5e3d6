import { sourceFiles } from "../../clients/client-files.js";
import { loadClientPacks, registryClientsFolder } from "../../clients/load-client-packs.js";
import type { LoadedClientPack } from "../../clients/loaded-client-pack.js";
import type { FileMapping } from "../../clients/model.js";
import type { Core } from "../../core/model.js";
import { dependenciesResolve } from "../../dependencies/checks/dependencies-resolve.js";
import type { DependencyInput } from "../../dependencies/model.js";
import { diagnostic } from "../../diagnostics/check-meta.js";
import type { Diagnostic } from "../../diagnostics/diagnostic.js";
import type { JsonDocument } from "../../documents/json-document.js";
import { fileReadFailure, RegistryReader } from "../../documents/registry-reader.js";
import { maxAssetBytes } from "../../documents/text-file.js";
import { layerOrder, prefixDiagnostic, prefixPosition } from "./layer-paths.js";

/**
 * The client packs (clients/) of trusted registry dependencies added to `packs`: a dependency's pack is used
 * for a client id the registry has no pack of its own for (it replaces a built-in pack of that id, as the
 * registry's own would), the nearer dependency's first. A pack decides which files are written where in
 * people's projects, so only a dependency the registry trusts brings one. The files its shared_core and
 * shared_seed name are read from the dependency into `files` as `@<dependency>/…`.
 */
export function dependencyClientPacks(
  packs: readonly LoadedClientPack[],
  inputs: readonly DependencyInput[],
  files: Map<string, Buffer>,
  targetsDocument: JsonDocument,
  core: Core,
  diagnostics: Diagnostic[],
): LoadedClientPack[] {
  const byId = new Map(packs.map((p) => [p.pack.client, p]));
  for (const input of layerOrder(inputs)) {
    if (!input.folder || ![...input.files.keys()].some((p) => p.startsWith(`${registryClientsFolder}/`)))
      continue;
    const prefix = `@${input.name}/`;
    const reader = new RegistryReader(input.folder);
    const found: Diagnostic[] = [];
    const theirs = loadClientPacks(reader, { builtin_clients: "none" }, targetsDocument, core, found);
    diagnostics.push(...found.map((d) => prefixDiagnostic(d, prefix)));
    for (const loaded of theirs) {
      const kept = byId.get(loaded.pack.client);
      const at = { file: `${prefix}${loaded.file}`, line: 1, column: 1 };
      const left =
        kept?.origin === "registry"
          ? `${kept.file} is the pack of "${loaded.pack.client}" and wins`
          : undefined;
      if (left || !input.trusted) {
        diagnostics.push(
          diagnostic(dependenciesResolve, {
            position: at,
            severity: left ? "info" : "warning",
            message: left
              ? `The client pack "${loaded.pack.client}" of dependency "${input.name}" is not used: ${left}`
              : `Dependency "${input.name}" is not trusted, so its client pack "${loaded.pack.client}" (which decides what is written into projects) is left out`,
            hint: left
              ? "Rename one of them if both are wanted."
              : `Trust "${input.name}" if its pack may write into your projects (docs/dependencies.md).`,
          }),
        );
        continue;
      }
      byId.set(loaded.pack.client, packFromDependency(loaded, reader, prefix, files, diagnostics));
    }
  }
  return [...byId.values()].sort((a, b) =>
    a.pack.client < b.pack.client ? -1 : a.pack.client > b.pack.client ? 1 : 0,
  );
}

/** A dependency's pack as the registry's: its mapped files read into `files` below `prefix`, its places prefixed. */
function packFromDependency(
  loaded: LoadedClientPack,
  reader: RegistryReader,
  prefix: string,
  files: Map<string, Buffer>,
  diagnostics: Diagnostic[],
): LoadedClientPack {
  const moved = (mappings: readonly FileMapping[]): FileMapping[] =>
    mappings.map((mapping) => {
      for (const path of sourceFiles(reader, mapping) ?? []) {
        const read = reader.readBytes(path, maxAssetBytes);
        if (read.ok) files.set(`${prefix}${path}`, read.bytes);
        else diagnostics.push(...fileReadFailure(read, `${prefix}${path}`));
      }
      return { ...mapping, src: `${prefix}${mapping.src}` };
    });
  return {
    ...loaded,
    file: `${prefix}${loaded.file}`,
    pack: {
      ...loaded.pack,
      shared_core: moved(loaded.pack.shared_core),
      shared_seed: moved(loaded.pack.shared_seed),
    },
    document: {
      ...loaded.document,
      file: `${prefix}${loaded.document.file}`,
      positionOf: (path, part) => prefixPosition(loaded.document.positionOf(path, part), prefix),
    },
  };
}
