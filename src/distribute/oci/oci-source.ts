import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type ResolveBundleOptions, resolveBundle } from "../../install/index.js";
import { manifestFileName } from "../../manifest/manifest-model.js";
import { AgentcError } from "../../shared/agentc-error.js";
import { sha256 } from "../../shared/hash.js";
import type { Candidate, OpenedBundle } from "../candidate.js";
import { newestLabel, noneWanted, versionOfLabel } from "../wanted-version.js";
import { type BundleArtifact, parseArtifactManifest } from "./oci-artifact.js";
import { type OciReference, parseOciReference } from "./oci-reference.js";
import { readSignatures } from "./oci-referrers.js";
import { RegistryClient } from "./registry-client.js";

const defaultMaxBytes = 256 * 2 ** 20;

/**
 * The newest bundle an oci:// reference leads to when following versions: a version tag (":1.1.0") or a
 * `--to` range moves to the newest version tag of the repository that satisfies the range (any release
 * without one); a digest, or a moving tag such as ":latest" without a range, stays what it names.
 */
export async function newestOciCandidate(
  ref: OciReference,
  options: ResolveBundleOptions = {},
  range?: string,
): Promise<Candidate> {
  const follows =
    ref.digest === undefined && (range !== undefined || versionOfLabel(ref.tag ?? "") !== undefined);
  if (!follows) return ociCandidate(ref, options);
  const tags = await new RegistryClient(ref).tags();
  const newest = newestLabel(tags, range);
  if (newest === undefined) {
    if (range !== undefined) throw noneWanted(ref.text, range, tags);
    return ociCandidate(ref, options);
  }
  return ociCandidate(withTag(ref, newest), options);
}

function withTag(ref: OciReference, tag: string): OciReference {
  return parseOciReference(`oci://${ref.host}/${ref.repository}:${tag}`);
}

/**
 * What an oci:// reference names now: its tag resolved to a manifest digest (or the digest given),
 * read with one request; the bundle blob is fetched only by open().
 */
export async function ociCandidate(
  ref: OciReference,
  options: ResolveBundleOptions = {},
): Promise<Candidate> {
  const client = new RegistryClient(ref);
  const pulled = await client.manifest(ref.digest ?? (ref.tag as string));
  const artifact = parseArtifactManifest(pulled.bytes, ref.text);
  return {
    source: { kind: "oci", reference: ref },
    ...(artifact.version ? { version: artifact.version } : {}),
    manifestSha256: artifact.manifest.digest.slice(7),
    bundleSha256: artifact.bundle.digest.slice(7),
    open: (opts) => openArtifact(client, artifact, pulled.digest, { ...options, ...opts }),
  };
}

/** Downloads the bundle blob, checks its size and digest, then unpacks it with every check of the resolver. */
async function openArtifact(
  client: RegistryClient,
  artifact: BundleArtifact,
  digest: string,
  options: ResolveBundleOptions,
): Promise<OpenedBundle> {
  const temp = mkdtempSync(join(options.tempRoot ?? tmpdir(), "agentc-oci-"));
  try {
    const zip = join(temp, "bundle.zip");
    await client.blobToFile(artifact.bundle, zip, options.maxBytes ?? defaultMaxBytes);
    const bundle = await resolveBundle(zip, { ...options, integrity: artifact.bundle.digest });
    const manifest = `sha256:${sha256(readFileSync(join(bundle.dir, manifestFileName)))}`;
    if (manifest !== artifact.manifest.digest) {
      bundle.cleanup();
      throw new AgentcError(
        "bundle",
        `${client.ref.text}: the bundle's manifest.json is ${manifest}, but the artifact names ${artifact.manifest.digest}`,
        "the artifact was not made by 'agentc publish', or it was altered: do not install it",
      );
    }
    const source = {
      kind: "oci" as const,
      url: client.ref.text,
      bundle_sha256: artifact.bundle.digest.slice(7),
      digest,
    };
    try {
      return { ...bundle, source, signatures: await readSignatures(client, digest) };
    } catch (error) {
      bundle.cleanup();
      throw error;
    }
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
}
