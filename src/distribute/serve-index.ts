import { parseJson } from "../shared/nesting-limit.js";

/**
 * index.json of 'agentc serve' (docs/serve.md): the versions one server holds, newest first. Every
 * address in it is relative to the server's base URL, so a mirror or a CDN in front serves it unchanged.
 */
export interface ServeIndex {
  agentc_serve: 1;
  latest: string;
  versions: ServeIndexVersion[];
}

export interface ServeIndexVersion {
  version: string;
  /** sha256 of the version's manifest.json: what an install record names as manifest_sha256 */
  manifest_sha256: string;
  /** the bundle under its content-addressed name, "bundles/<sha256>.zip" */
  bundle: string;
  sha256: string;
  integrity: string;
  bytes: number;
  /** the version's folder: manifest.json, install.sh, and files/ (the published tree, publish_rewrites applied) */
  tree: string;
}

export const serveIndexName = "index.json";
const hex = /^[0-9a-f]{64}$/;
const relativeAddress = /^[A-Za-z0-9._~+-]+(\/[A-Za-z0-9._~+-]+)*\/?$/;

export function serializeServeIndex(index: ServeIndex): string {
  return `${JSON.stringify(index, null, 2)}\n`;
}

/** Reads an index from a server (untrusted): its shape, or the first problem found. */
export function parseServeIndex(text: string): ServeIndex | string {
  let value: unknown;
  try {
    value = parseJson(text);
  } catch (error) {
    return `is not JSON (${(error as Error).message})`;
  }
  const index = value as Partial<ServeIndex> | null;
  if (typeof index !== "object" || index === null || index.agentc_serve !== 1)
    return 'is not an agentc serve index ({"agentc_serve": 1, ...})';
  if (!Array.isArray(index.versions) || index.versions.length === 0) return "lists no versions";
  for (const [n, v] of index.versions.entries()) {
    const problem = versionProblem(v);
    if (problem) return `versions[${n}] ${problem}`;
  }
  if (!index.versions.some((v) => v.version === index.latest))
    return `names "${String(index.latest)}" as latest, which it does not list`;
  return index as ServeIndex;
}

function versionProblem(v: Partial<ServeIndexVersion>): string | undefined {
  if (typeof v !== "object" || v === null) return "is not an object";
  if (typeof v.version !== "string" || v.version === "") return "has no version";
  if (typeof v.sha256 !== "string" || !hex.test(v.sha256)) return "has no sha256 of 64 hex digits";
  if (typeof v.manifest_sha256 !== "string" || !hex.test(v.manifest_sha256))
    return "has no manifest_sha256 of 64 hex digits";
  for (const key of ["bundle", "tree"] as const) {
    const address = v[key];
    if (typeof address !== "string" || !relativeAddress.test(address) || address.split("/").includes(".."))
      return `has a ${key} that is not a relative address below the server`;
  }
  return undefined;
}

/** The entry the index names as latest. */
export function latestOf(index: ServeIndex): ServeIndexVersion {
  return index.versions.find((v) => v.version === index.latest) as ServeIndexVersion;
}
