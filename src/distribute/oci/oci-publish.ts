import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import semverEq from "semver/functions/eq.js";
import semverValid from "semver/functions/valid.js";
import { unpackBundle } from "../../install/index.js";
import { manifestFileName } from "../../manifest/manifest-model.js";
import { packBundle } from "../../packaging/bundle-zip.js";
import { localSignatures } from "../../packaging/signature/bundle-signature.js";
import { signManifest } from "../../packaging/signature/sign-manifest.js";
import { verifySshSignature } from "../../packaging/signature/sshsig.js";
import { AgentcError } from "../../shared/agentc-error.js";
import { sha256, sha256OfFile } from "../../shared/hash.js";
import { parseJson } from "../../shared/nesting-limit.js";
import { defaultArchiveLimits } from "../../shared/zip/archive-limits.js";
import { versionOfLabel } from "../wanted-version.js";
import { artifactManifest, type Descriptor } from "./oci-artifact.js";
import { bundleLayerType, emptyConfig, manifestLayerType, ociManifestType } from "./oci-media-types.js";
import { parseOciReference } from "./oci-reference.js";
import { pushSignature } from "./oci-referrers.js";
import { RegistryClient } from "./registry-client.js";

export interface Published {
  reference: string;
  /** the OCI manifest's digest: oci://HOST/REPO@<digest> names exactly this bundle */
  digest: string;
  version: string;
  bundleSha256: string;
  /** the signature pushed as a referrer of the artifact, when the bundle is signed */
  signature?: { signer: string; digest: string; fallbackTag?: string };
}

export interface PublishOptions {
  /** sign manifest.json with this key through ssh-keygen (`agentc publish --sign KEY`) */
  signingKey?: string;
  /** push to a version tag that is not the bundle's registry_version (`--any-tag`) */
  anyTag?: boolean;
}

/**
 * Pushes a build folder (packed as 'agentc pack' packs it) or a bundle zip to an OCI registry as an
 * agentc artifact. The bundle is checked with every rule of the installer's reader first: a bundle no
 * installer would accept is never published.
 */
export async function publishOci(
  origin: string,
  target: string,
  env: NodeJS.ProcessEnv = process.env,
  options: PublishOptions = {},
): Promise<Published> {
  const ref = parseOciReference(target);
  if (ref.tag === undefined || ref.digest !== undefined)
    throw new AgentcError(
      "bundle",
      `${target}: publish to a tag (oci://HOST/REPO:TAG)`,
      "a digest names what is there already; the registry computes it",
    );
  const work = mkdtempSync(join(tmpdir(), "agentc-publish-"));
  try {
    const folder = statSync(origin).isDirectory();
    const zip = folder ? packInto(origin, work) : origin;
    unpackBundle(zip, join(work, "check"), origin, defaultArchiveLimits);
    const manifestBytes = readFileSync(join(work, "check", manifestFileName));
    const version = (parseJson(manifestBytes.toString("utf8")) as { registry_version: string })
      .registry_version;
    if (!options.anyTag) tagMatchesVersion(ref.tag, version, target);
    const bundle: Descriptor = {
      mediaType: bundleLayerType,
      digest: `sha256:${sha256OfFile(zip)}`,
      size: statSync(zip).size,
    };
    const manifest: Descriptor = {
      mediaType: manifestLayerType,
      digest: `sha256:${sha256(manifestBytes)}`,
      size: manifestBytes.length,
    };
    const signature = signatureFor(origin, folder, manifestBytes, options);
    const client = new RegistryClient(ref, env);
    await client.pushBlob({ ...emptyConfig }, emptyConfig.bytes);
    await client.pushBlob(bundle, { file: zip, size: bundle.size });
    await client.pushBlob(manifest, manifestBytes);
    const artifact = artifactManifest({ version, bundle, manifest });
    const digest = await client.putManifest(ref.tag, artifact);
    const subject = { mediaType: ociManifestType, digest, size: artifact.length };
    const pushed = signature && (await pushSignature(client, subject, signature.bytes, signature.signer));
    return {
      reference: ref.text,
      digest,
      version,
      bundleSha256: bundle.digest.slice(7),
      ...(signature && pushed ? { signature: { signer: signature.signer, ...pushed } } : {}),
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * The signature to push with the bundle, decided before anything is pushed: made now with --sign, else the
 * one beside the zip (<zip>.sig) or in the build folder (manifest.json.sig), which must sign this manifest.
 */
function signatureFor(
  origin: string,
  folder: boolean,
  manifest: Buffer,
  options: PublishOptions,
): { bytes: Buffer; signer: string } | undefined {
  if (options.signingKey) {
    const signed = signManifest(manifest, options.signingKey);
    return { bytes: signed.signature, signer: signed.signer.fingerprint };
  }
  const [found] = localSignatures(origin, folder ? "folder" : "zip").files;
  if (!found) return undefined;
  const check = verifySshSignature(found.bytes, manifest);
  if (!check.ok)
    throw new AgentcError(
      "bundle",
      `the signature ${found.from} ${check.problem}; nothing was published`,
      "sign this build again (agentc pack --sign KEY, or publish --sign KEY), or remove the stale signature",
    );
  return { bytes: found.bytes, signer: check.signer.fingerprint };
}

function packInto(build: string, work: string): string {
  const zip = join(work, "bundle.zip");
  packBundle(build, zip);
  return zip;
}

/** A version tag (":1.2.0", ":v1.2.0") must be the bundle's own version: update reads versions from tags. */
function tagMatchesVersion(tag: string, version: string, target: string): void {
  const tagged = versionOfLabel(tag);
  if (tagged === undefined || (semverValid(version) !== null && semverEq(tagged, version))) return;
  throw new AgentcError(
    "bundle",
    `${target}: the tag ${tag} says version ${tagged}, but the bundle's registry_version is ${version}`,
    `publish it to :${version} (projects update along version tags), or pass --any-tag if this tag is meant`,
  );
}
