import { hashLine } from "../manifest/manifest-lines.js";
import { manifestFileName } from "../manifest/manifest-model.js";
import { parseJson } from "../shared/nesting-limit.js";
import { type PublishRewrite, parseRewrites } from "./publish-rewrites.js";

/** What packing and unpacking need from manifest.json: the files, their hashes, modes and published names. */
export interface BundleManifest {
  /** Every file of the bundle besides manifest.json: the artifacts, then captured payload files. */
  artifacts: string[];
  /** The captured payload files among them (payload_hashes): packed from the capture, not the build folder. */
  payloads: Set<string>;
  /** Install path → sha256 hex, from artifact_hashes and seed_hashes. */
  hashes: Map<string, string>;
  executables: Set<string>;
  rewrites: PublishRewrite[];
}

export const bundleManifestName = manifestFileName;

const sha256Hex = /^[0-9a-f]{64}$/;

/** Reads the parts of manifest.json a bundle relies on; returns the problem when it cannot. */
export function parseBundleManifest(text: string): BundleManifest | string {
  let data: unknown;
  try {
    data = parseJson(text);
  } catch (error) {
    return `is not valid JSON (${(error as Error).message})`;
  }
  const root = asRecord(data);
  const install = asRecord(root?.install);
  if (root?.version !== 1 || !install)
    return 'is not a version 1 manifest ({"version": 1, "install": {...}})';
  const artifacts = stringList(root.artifacts);
  const payloadLines = stringList(install.payload_hashes) ?? [];
  const hashLines = [
    ...(stringList(install.artifact_hashes) ?? []),
    ...(stringList(install.seed_hashes) ?? []),
    ...payloadLines,
  ];
  if (!artifacts) return 'has no "artifacts" list of paths';
  const hashes = parseHashes(hashLines);
  if (typeof hashes === "string") return hashes;
  const rewrites = parseRewrites(stringList(install.publish_rewrites) ?? []);
  if (typeof rewrites === "string") return `has a bad publish_rewrites line: ${rewrites}`;
  const payloads = payloadLines.map((line) => hashLine(line)?.[0] ?? line);
  const modes = executables(install.components);
  for (const path of stringList(install.payload_executables) ?? []) modes.add(path);
  return {
    artifacts: [...artifacts, ...payloads],
    hashes,
    executables: modes,
    rewrites,
    payloads: new Set(payloads),
  };
}

function parseHashes(lines: string[]): Map<string, string> | string {
  const hashes = new Map<string, string>();
  for (const line of lines) {
    const [path, hash] = hashLine(line) ?? [];
    if (!path || hash === undefined || !sha256Hex.test(hash))
      return `has a hash line that is not "path :: <sha256 hex>": "${line}"`;
    hashes.set(path, hash);
  }
  return hashes;
}

function executables(components: unknown): Set<string> {
  const out = new Set<string>();
  for (const component of Object.values(asRecord(components) ?? {}))
    for (const path of stringList(asRecord(component)?.executables) ?? []) out.add(path);
  return out;
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

function stringList(value: unknown): string[] | undefined {
  return Array.isArray(value) && value.every((v) => typeof v === "string") ? value : undefined;
}
