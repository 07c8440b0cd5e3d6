import type { RegistryReader } from "../documents/registry-reader.js";
import { maxAssetBytes } from "../documents/text-file.js";
import { joinPath } from "../shared/posix-path.js";
import type { Adapter, SeedSet } from "./model.js";

export function seedSets(adapter: Adapter): SeedSet[] {
  const seeds = adapter.install?.seeds;
  if (!seeds) return [];
  return Array.isArray(seeds) ? seeds : [seeds];
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
