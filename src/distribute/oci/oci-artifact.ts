import { AgentcError } from "../../shared/agentc-error.js";
import { parseJson } from "../../shared/nesting-limit.js";
import {
  bundleArtifactType,
  bundleLayerType,
  emptyConfig,
  manifestLayerType,
  ociManifestType,
  titleAnnotation,
  versionAnnotation,
} from "./oci-media-types.js";

export interface Descriptor {
  mediaType: string;
  digest: string;
  size: number;
  annotations?: Record<string, string>;
}

/** What an agentc artifact names: its bundle zip, its manifest.json and the registry version. */
export interface BundleArtifact {
  version: string;
  bundle: Descriptor;
  manifest: Descriptor;
}

/**
 * The OCI image manifest of a bundle (image spec 1.1 artifact guidance): its own artifactType, the empty
 * config, the bundle zip as the first layer and manifest.json as a second, annotated one. Canonical JSON:
 * the same bundle gives the same bytes, so the same digest.
 */
export function artifactManifest(artifact: BundleArtifact): Buffer {
  const { bytes: _bytes, ...config } = emptyConfig;
  const manifest = {
    schemaVersion: 2,
    mediaType: ociManifestType,
    artifactType: bundleArtifactType,
    config,
    layers: [
      {
        mediaType: bundleLayerType,
        digest: artifact.bundle.digest,
        size: artifact.bundle.size,
        annotations: { [titleAnnotation]: "bundle.zip" },
      },
      {
        mediaType: manifestLayerType,
        digest: artifact.manifest.digest,
        size: artifact.manifest.size,
        annotations: { [titleAnnotation]: "manifest.json", [versionAnnotation]: artifact.version },
      },
    ],
    annotations: { [versionAnnotation]: artifact.version },
  };
  return Buffer.from(JSON.stringify(manifest));
}

const digestPattern = /^sha256:[0-9a-f]{64}$/;

/** Reads a pulled OCI manifest (untrusted): it must be an agentc bundle artifact with both layers. */
export function parseArtifactManifest(bytes: Buffer, label: string): BundleArtifact {
  let value: {
    artifactType?: unknown;
    config?: { mediaType?: unknown };
    layers?: Partial<Descriptor>[];
    annotations?: Record<string, unknown>;
  };
  try {
    value = parseJson(bytes.toString("utf8")) as typeof value;
  } catch {
    throw notBundle(label, "its manifest is not JSON");
  }
  const type = value.artifactType ?? value.config?.mediaType;
  if (type !== bundleArtifactType && value.config?.mediaType !== bundleArtifactType)
    throw notBundle(label, `its artifact type is ${String(type)}, not ${bundleArtifactType}`);
  const layers = Array.isArray(value.layers) ? value.layers : [];
  const bundle = layers.find((l) => l.mediaType === bundleLayerType);
  const manifest = layers.find((l) => l.mediaType === manifestLayerType);
  for (const [name, layer] of [
    ["bundle", bundle],
    ["manifest", manifest],
  ] as const)
    if (
      !layer ||
      typeof layer.digest !== "string" ||
      !digestPattern.test(layer.digest) ||
      !Number.isSafeInteger(layer.size)
    )
      throw notBundle(label, `it has no ${name} layer with a sha256 digest and a size`);
  const version = manifest?.annotations?.[versionAnnotation] ?? value.annotations?.[versionAnnotation];
  return {
    version: typeof version === "string" ? version : "",
    bundle: bundle as Descriptor,
    manifest: manifest as Descriptor,
  };
}

function notBundle(label: string, why: string): AgentcError {
  return new AgentcError(
    "bundle",
    `${label} is not an agentc bundle: ${why}`,
    "publish it with 'agentc publish <build> oci://…', or check the reference",
  );
}
