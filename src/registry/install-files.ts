import type { JsonPath } from "../documents/json-document.js";
import type { RegistryReader } from "../documents/registry-reader.js";
import { maxAssetBytes } from "../documents/text-file.js";
import { joinPath } from "../shared/posix-path.js";
import type { Adapter, KnownHashes, NormalSeedSet } from "./model.js";

/**
 * The one reading of `install.seeds`: seed 000 writes one object, a list holds several; `known_hashes`
 * is a map per file or one list for every file of the set. Both forms mean the same from here on.
 */
export function seedSets(adapter: Adapter): NormalSeedSet[] {
  const seeds = adapter.install?.seeds;
  if (!seeds) return [];
  const listed = Array.isArray(seeds);
  return (listed ? seeds : [seeds]).map((set, index) => ({
    ...set,
    known_hashes: perFile(set.files, set.known_hashes),
    at: ["install", "seeds", ...(listed ? [index] : [])],
  }));
}

function perFile(files: string[], known: KnownHashes | undefined): Record<string, string[]> {
  if (!known) return {};
  if (!Array.isArray(known)) return known;
  return Object.fromEntries(known.length === 0 ? [] : files.map((file) => [file, known]));
}

/** Registry-relative paths of every file that seeds and owned assets copy into a bundle. */
export function installSourcePaths(adapter: Adapter): string[] {
  const fromSeeds = seedSets(adapter).flatMap((s) => s.files.map((f) => joinPath(s.source_dir, f)));
  const fromAssets = (adapter.install?.owned_assets ?? []).map((a) => a.source);
  return [...fromSeeds, ...fromAssets];
}

/** Reads the files that exist; AGC024 reports the ones that could not be read (the reader, refused links). */
export function readInstallFiles(reader: RegistryReader, adapters: Adapter[]): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (const path of adapters.flatMap(installSourcePaths)) {
    if (files.has(path)) continue;
    const read = reader.readBytes(path, maxAssetBytes);
    if (read.ok) files.set(path, read.bytes);
  }
  return files;
}

export function hasAlwaysOnFile(adapter: Adapter): boolean {
  const placement = adapter.global_placement ?? "none";
  return placement !== "none" && adapter.pinned_global_name !== undefined;
}

export function alwaysOnPath(adapter: Adapter): string | undefined {
  if (!hasAlwaysOnFile(adapter)) return undefined;
  return joinPath(adapter.output_dir ?? "", `${adapter.pinned_global_name}${adapter.extension ?? ".md"}`);
}

/** Files an adapter installs outside its rule files, with the JSON path inside the adapter that declares each. */
export function installedFiles(adapter: Adapter): { path: string; at: JsonPath }[] {
  const install = adapter.install ?? {};
  const pinned = alwaysOnPath(adapter);
  return [
    ...(pinned ? [{ path: pinned, at: ["pinned_global_name"] }] : []),
    ...(install.adapter_symlinks ?? []).map((l, i) => ({
      path: l.link,
      at: ["install", "adapter_symlinks", i, "link"],
    })),
    ...seedSets(adapter).flatMap((set) =>
      set.files.map((name, i) => ({
        path: joinPath(set.install_dir, name),
        at: [...set.at, "files", i],
      })),
    ),
    ...(install.owned_assets ?? []).map((a, i) => ({
      path: a.install,
      at: ["install", "owned_assets", i, "install"],
    })),
  ];
}
