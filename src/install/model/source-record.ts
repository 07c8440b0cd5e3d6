/**
 * Where an install came from, kept in the install record (`source` in .agentc/installed.json), so that
 * `agentc update` and `agentc outdated` can ask the same place for something newer. Only remote sources
 * are recorded: a build folder or a zip on this machine is not a place to update from.
 */
export interface SourceRecord {
  /** serve: the base URL of an `agentc serve` (or a copy of its files); bundle: a bundle's own URL; oci: a registry reference */
  kind: "serve" | "bundle" | "oci";
  /** the address as given, without credentials: `https://host/`, `https://host/bundle.zip`, `oci://host/repo:tag` */
  url: string;
  /** sha256 of the bundle zip that was installed */
  bundle_sha256: string;
  /** oci: the digest of the OCI manifest installed (a tag resolved to it); the record pins it */
  digest?: string;
}

const kinds = new Set(["serve", "bundle", "oci"]);
const hex = /^[0-9a-f]{64}$/;

/** Fixed key order, so equal sources give equal record bytes. */
export function serialSource(source: SourceRecord): SourceRecord {
  return {
    kind: source.kind,
    url: source.url,
    bundle_sha256: source.bundle_sha256,
    ...(source.digest !== undefined ? { digest: source.digest } : {}),
  };
}

/** What is wrong with a recorded source (the record is a file people can edit), or undefined. */
export function sourceRecordProblem(value: unknown): string | undefined {
  const source = value as Partial<SourceRecord> | null;
  if (typeof source !== "object" || source === null) return "is not an object";
  if (typeof source.kind !== "string" || !kinds.has(source.kind))
    return 'has no kind "serve", "bundle" or "oci"';
  if (typeof source.url !== "string" || source.url === "") return "has no url";
  if (typeof source.bundle_sha256 !== "string" || !hex.test(source.bundle_sha256))
    return "has no bundle_sha256 of 64 hex digits";
  if (
    source.digest !== undefined &&
    (typeof source.digest !== "string" || !/^sha256:[0-9a-f]{64}$/.test(source.digest))
  )
    return "has a digest that is not sha256:<64 hex digits>";
  return undefined;
}
