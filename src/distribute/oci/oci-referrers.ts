import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { BundleSignatures, SignatureFile } from "../../packaging/signature/bundle-signature.js";
import { maxSignatureBytes } from "../../packaging/signature/sshsig.js";
import { AgentcError } from "../../shared/agentc-error.js";
import { sha256 } from "../../shared/hash.js";
import { parseJson } from "../../shared/nesting-limit.js";
import type { Descriptor } from "./oci-artifact.js";
import {
  descriptionAnnotation,
  emptyConfig,
  ociIndexType,
  ociManifestType,
  signatureArtifactType,
  signatureLayerType,
  titleAnnotation,
} from "./oci-media-types.js";
import type { RegistryClient } from "./registry-client.js";

/** Where a bundle's signatures are listed on a registry without the referrers API (distribution spec 1.1). */
export function referrersTag(subject: string): string {
  return subject.replace(":", "-");
}

/** The most signatures read for one bundle (a key change leaves two; more is a registry someone fills). */
const maxSignatures = 16;

/**
 * The signature as an OCI artifact whose `subject` is the bundle's manifest: a registry keeps it with the
 * bundle, lists it under the referrers API, and copies it along (`oras cp -r`, `skopeo` with referrers).
 * Canonical JSON, like the bundle's own manifest.
 */
export function signatureManifest(subject: Descriptor, layer: Descriptor, signer: string): Buffer {
  const { bytes: _bytes, ...config } = emptyConfig;
  return Buffer.from(
    JSON.stringify({
      schemaVersion: 2,
      mediaType: ociManifestType,
      artifactType: signatureArtifactType,
      config,
      layers: [{ ...layer, annotations: { [titleAnnotation]: "manifest.json.sig" } }],
      subject: { mediaType: subject.mediaType, digest: subject.digest, size: subject.size },
      annotations: {
        [descriptionAnnotation]: `SSH signature (agentc-bundle) of the bundle's manifest.json by ${signer}`,
      },
    }),
  );
}

/**
 * Pushes a signature as a referrer of the bundle's manifest. A registry that keeps referrers names the
 * subject back (OCI-Subject); one that does not (CNCF distribution 2.x) gets the referrers tag schema: the
 * image index at `sha256-<hex>` of the subject, read, extended by this referrer and pushed again.
 */
export async function pushSignature(
  client: RegistryClient,
  subject: Descriptor,
  signature: Buffer,
  signer: string,
): Promise<{ digest: string; fallbackTag?: string }> {
  const layer = {
    mediaType: signatureLayerType,
    digest: `sha256:${sha256(signature)}`,
    size: signature.length,
  };
  await client.pushBlob({ ...emptyConfig }, emptyConfig.bytes);
  await client.pushBlob(layer, signature);
  const manifest = signatureManifest(subject, layer, signer);
  const pushed = await client.pushManifest(`sha256:${sha256(manifest)}`, manifest, ociManifestType);
  if (pushed.subject === subject.digest) return { digest: pushed.digest };
  const tag = referrersTag(subject.digest);
  const index = await fallbackIndex(client, tag);
  if (!index.manifests.some((m) => m.digest === pushed.digest)) {
    index.manifests.push({
      mediaType: ociManifestType,
      digest: pushed.digest,
      size: manifest.length,
      artifactType: signatureArtifactType,
    });
    await client.pushManifest(tag, Buffer.from(JSON.stringify(index)), ociIndexType);
  }
  return { digest: pushed.digest, fallbackTag: tag };
}

interface ReferrerDescriptor extends Descriptor {
  artifactType?: string;
}

interface ImageIndex {
  schemaVersion: 2;
  mediaType: string;
  manifests: ReferrerDescriptor[];
}

/** The referrers index at the fallback tag, or an empty one; anything else there is not overwritten. */
async function fallbackIndex(client: RegistryClient, tag: string): Promise<ImageIndex> {
  const found = await client.manifestIfAny(tag, ociIndexType);
  if (!found) return { schemaVersion: 2, mediaType: ociIndexType, manifests: [] };
  const index = parseIndex(found.bytes);
  if (!index)
    throw new AgentcError(
      "bundle",
      `${client.ref.text}: the tag ${tag} holds something other than a referrers index; the signature was pushed, but not listed`,
      "a tag named sha256-<hex> is reserved for the referrers of that digest (OCI distribution spec 1.1): remove or rename it, then publish again",
    );
  return index;
}

function parseIndex(bytes: Buffer): ImageIndex | undefined {
  try {
    const value = parseJson(bytes.toString("utf8")) as Partial<ImageIndex>;
    if (value.schemaVersion !== 2 || !Array.isArray(value.manifests)) return undefined;
    if (value.mediaType !== undefined && value.mediaType !== ociIndexType) return undefined;
    return { schemaVersion: 2, mediaType: ociIndexType, manifests: value.manifests };
  } catch {
    return undefined;
  }
}

/**
 * The signatures of a bundle's manifest: its referrers of the signature type, from the referrers API or,
 * where the registry answers 404 there, the fallback tag. Each signature blob is checked against its
 * digest; a registry that cannot be asked leaves the bundle unsigned, with the reason, for the install to
 * judge against the recorded signer.
 */
export async function readSignatures(client: RegistryClient, subject: string): Promise<BundleSignatures> {
  const where = `${repositoryText(client)}@${subject}`;
  let index: ImageIndex | undefined;
  try {
    const listed = await client.referrers(subject, signatureArtifactType);
    const found = listed ?? (await client.manifestIfAny(referrersTag(subject), ociIndexType))?.bytes;
    index = found ? parseIndex(found) : { schemaVersion: 2, mediaType: ociIndexType, manifests: [] };
  } catch (error) {
    if (!(error instanceof AgentcError)) throw error;
    return { files: [], lookedAt: `its referrers could not be read: ${error.message}` };
  }
  const descriptors = (index?.manifests ?? [])
    .filter((m) => m.artifactType === signatureArtifactType && typeof m.digest === "string")
    .sort((a, b) => (a.digest < b.digest ? -1 : 1))
    .slice(0, maxSignatures);
  const files: SignatureFile[] = [];
  for (const descriptor of descriptors) {
    const file = await signatureOf(client, descriptor.digest, subject);
    if (file) files.push(file);
  }
  return { files, lookedAt: `no referrer of type ${signatureArtifactType} of ${where}` };
}

/** One referrer's signature blob, or undefined when the referrer is not an agentc signature of `subject`. */
async function signatureOf(
  client: RegistryClient,
  digest: string,
  subject: string,
): Promise<SignatureFile | undefined> {
  const found = await client.manifestIfAny(digest);
  if (!found) return undefined;
  let layer: Partial<Descriptor> | undefined;
  try {
    const value = parseJson(found.bytes.toString("utf8")) as {
      subject?: { digest?: unknown };
      layers?: Partial<Descriptor>[];
    };
    if (value.subject?.digest !== subject) return undefined;
    layer = value.layers?.find((l) => l.mediaType === signatureLayerType);
  } catch {
    return undefined;
  }
  if (!layer || typeof layer.digest !== "string" || !/^sha256:[0-9a-f]{64}$/.test(layer.digest))
    return undefined;
  if (!Number.isSafeInteger(layer.size) || (layer.size as number) > maxSignatureBytes) return undefined;
  const bytes = await smallBlob(client, layer as Descriptor);
  return { from: `${repositoryText(client)}@${digest}`, bytes };
}

function repositoryText(client: RegistryClient): string {
  return `oci://${client.ref.host}/${client.ref.repository}`;
}

async function smallBlob(client: RegistryClient, descriptor: Descriptor): Promise<Buffer> {
  const temp = mkdtempSync(join(tmpdir(), "agentc-oci-sig-"));
  try {
    const file = join(temp, "blob");
    await client.blobToFile(descriptor, file, maxSignatureBytes);
    const bytes = readFileSync(file);
    if (`sha256:${sha256(bytes)}` !== descriptor.digest)
      throw new AgentcError(
        "bundle",
        `${client.ref.text}: the registry sent a signature blob that is not ${descriptor.digest}; nothing was installed`,
        "the registry or something between is damaging data: do not install from it",
      );
    return bytes;
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
}
