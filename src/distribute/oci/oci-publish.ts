import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BundleError } from "../../install/bundle/bundle-error.js";
import { unpackBundle } from "../../install/bundle/unpack-bundle.js";
import { manifestFileName } from "../../manifest/manifest-model.js";
import { packBundle } from "../../packaging/bundle-zip.js";
import { sha256, sha256OfFile } from "../../shared/hash.js";
import { parseJson } from "../../shared/nesting-limit.js";
import { defaultArchiveLimits } from "../../shared/zip/archive-limits.js";
import { artifactManifest, type Descriptor } from "./oci-artifact.js";
import { bundleLayerType, emptyConfig, manifestLayerType } from "./oci-media-types.js";
import { parseOciReference } from "./oci-reference.js";
import { RegistryClient } from "./registry-client.js";

export interface Published {
  reference: string;
  /** the OCI manifest's digest: oci://HOST/REPO@<digest> names exactly this bundle */
  digest: string;
  version: string;
  bundleSha256: string;
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
): Promise<Published> {
  const ref = parseOciReference(target);
  if (ref.tag === undefined || ref.digest !== undefined)
    throw new BundleError(
      `${target}: publish to a tag (oci://HOST/REPO:TAG)`,
      "a digest names what is there already; the registry computes it",
    );
  const work = mkdtempSync(join(tmpdir(), "agentc-publish-"));
  try {
    const zip = statSync(origin).isDirectory() ? packInto(origin, work) : origin;
    unpackBundle(zip, join(work, "check"), origin, defaultArchiveLimits);
    const manifestBytes = readFileSync(join(work, "check", manifestFileName));
    const version = (parseJson(manifestBytes.toString("utf8")) as { registry_version: string })
      .registry_version;
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
    const client = new RegistryClient(ref, env);
    await client.pushBlob({ ...emptyConfig }, emptyConfig.bytes);
    await client.pushBlob(bundle, { file: zip, size: bundle.size });
    await client.pushBlob(manifest, manifestBytes);
    const digest = await client.putManifest(ref.tag, artifactManifest({ version, bundle, manifest }));
    return { reference: ref.text, digest, version, bundleSha256: bundle.digest.slice(7) };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

function packInto(build: string, work: string): string {
  const zip = join(work, "bundle.zip");
  packBundle(build, zip);
  return zip;
}
