/** Bounds every bundle reader enforces (docs/bundles.md); the packer refuses to write a bundle beyond them. */
export interface ArchiveLimits {
  maxEntries: number;
  maxTotalBytes: number;
  maxEntryBytes: number;
  maxDepth: number;
  /** Uncompressed : compressed, per entry and for the whole archive. */
  maxRatio: number;
  /** Entries (and archives) smaller than this are not held to maxRatio: small files compress well and harm no one. */
  ratioFloorBytes: number;
  maxCentralDirectoryBytes: number;
  maxManifestBytes: number;
}

const MiB = 1024 * 1024;

export const defaultArchiveLimits: ArchiveLimits = {
  maxEntries: 100_000,
  maxTotalBytes: 1024 * MiB,
  maxEntryBytes: 256 * MiB,
  maxDepth: 32,
  maxRatio: 200,
  ratioFloorBytes: 1 * MiB,
  maxCentralDirectoryBytes: 64 * MiB,
  maxManifestBytes: 16 * MiB,
};

/** Whether `uncompressed` bytes stored in `compressed` bytes exceed the ratio limit. */
export function exceedsRatio(uncompressed: number, compressed: number, limits: ArchiveLimits): boolean {
  return uncompressed > limits.ratioFloorBytes && uncompressed > compressed * limits.maxRatio;
}
