import type { Core } from "../core/model.js";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { unknownChoiceFinding } from "../documents/checks/config-matches-schema.js";
import type { JsonDocument } from "../documents/json-document.js";
import { packageDataFiles, readPackageData } from "../documents/package-data.js";
import type { RegistryReader } from "../documents/registry-reader.js";
import { builtinClientsDir } from "../shared/package-paths.js";
import { packNamingFinding } from "./checks/client-pack-valid.js";
import type { LoadedClientPack } from "./loaded-client-pack.js";
import type { ClientPack } from "./model.js";
import { deleteNotes, readClientPack } from "./read-client-pack.js";

export const registryClientsFolder = "clients";

let builtinCache: LoadedClientPack[] | undefined;

/**
 * The packs shipped in the package's clients/ folder, one JSON file each, sorted by client id. Read as
 * trusted package data (see readPackageData); checkBuiltinClientPacks validates them in full.
 */
export function builtinClientPacks(): LoadedClientPack[] {
  builtinCache ??= byClient(
    packageDataFiles(builtinClientsDir, "clients").map((source): LoadedClientPack => {
      const document = readPackageData(source);
      deleteNotes(document.value);
      return {
        pack: document.value as ClientPack,
        file: source.file,
        document,
        origin: "builtin",
      };
    }),
  );
  return builtinCache;
}

/** The built-in packs when this process has read them already, else undefined (nothing is read). */
export function builtinClientPacksIfRead(): LoadedClientPack[] | undefined {
  return builtinCache;
}

/** The built-in packs read and validated like a registry's own packs, with every diagnostic about them. */
export function checkBuiltinClientPacks(): { packs: LoadedClientPack[]; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const packs = packageDataFiles(builtinClientsDir, "clients").flatMap((source) => {
    const loaded = readClientPack({ ...source, origin: "builtin" }, diagnostics);
    return loaded ? [loaded] : [];
  });
  return { packs: byClient(packs), diagnostics };
}

/** targets.json's builtin_clients: which built-in packs a registry uses. */
export type BuiltinChoice = "all" | "none" | string[];

/**
 * The packs that compile this registry's core/: the built-ins targets.json chooses, then every
 * clients/<id>.json of the registry, which replaces a built-in pack of the same id.
 */
export function loadClientPacks(
  reader: RegistryReader,
  targets: { builtin_clients?: BuiltinChoice },
  targetsDocument: JsonDocument,
  core: Core,
  diagnostics: Diagnostic[],
): LoadedClientPack[] {
  const choice = targets.builtin_clients ?? (hasContent(core) ? "all" : "none");
  // A registry without core/ uses no built-in pack: it need not read them.
  const chosen =
    choice === "none" ? [] : chooseBuiltins(builtinClientPacks(), choice, targetsDocument, diagnostics);
  const byId = new Map(chosen.map((p) => [p.pack.client, p]));
  for (const pack of registryPacks(reader, diagnostics)) byId.set(pack.pack.client, pack);
  return byClient([...byId.values()]);
}

/** Whether core/ holds anything a client pack would compile. */
export function hasContent(core: Core): boolean {
  const { permissions, ...lists } = core;
  return (
    Object.values(lists).some((list) => list.length > 0) ||
    Object.values(permissions).some((list) => list.length > 0)
  );
}

function chooseBuiltins(
  builtins: LoadedClientPack[],
  choice: BuiltinChoice,
  document: JsonDocument,
  diagnostics: Diagnostic[],
): LoadedClientPack[] {
  if (choice === "all") return builtins;
  if (choice === "none") return [];
  const known = builtins.map((b) => b.pack.client);
  for (const [index, id] of choice.entries()) {
    if (known.includes(id)) continue;
    diagnostics.push(
      unknownChoiceFinding(
        { what: "built-in client pack", id, known, listed: "Built-in client packs" },
        document.positionOf(["builtin_clients", index]),
      ),
    );
  }
  return builtins.filter((b) => choice.includes(b.pack.client));
}

/** Seed 001's layout: a pack is clients/<id>/manifest.json, beside its root-template/ folder. */
export const packFolderManifest = "manifest.json";

/** clients/<id>.json, and clients/<id>/manifest.json (seed 001's layout); one pack per id. */
function registryPacks(reader: RegistryReader, diagnostics: Diagnostic[]): LoadedClientPack[] {
  const files = reader.entries(registryClientsFolder).flatMap((entry) => {
    if (!entry.isFolder)
      return entry.name.endsWith(".json") ? [{ path: entry.path, id: entry.name.slice(0, -5) }] : [];
    const manifest = `${entry.path}/${packFolderManifest}`;
    return reader.resolve(manifest).kind === "file" ? [{ path: manifest, id: entry.name }] : [];
  });
  const seen = new Map<string, string>();
  return files.flatMap(({ path, id }) => {
    const loaded = readClientPack({ path, file: path, label: path, origin: "registry", reader }, diagnostics);
    if (!loaded) return [];
    const position = () => loaded.document.positionOf(["client"]);
    const misnamed = packNamingFinding(
      path,
      id,
      loaded.pack.client,
      seen.get(id),
      packFolderManifest,
      position,
    );
    seen.set(id, path);
    if (!misnamed) return [loaded];
    diagnostics.push(misnamed);
    return [];
  });
}

function byClient(packs: LoadedClientPack[]): LoadedClientPack[] {
  return [...packs].sort((a, b) =>
    a.pack.client < b.pack.client ? -1 : a.pack.client > b.pack.client ? 1 : 0,
  );
}
