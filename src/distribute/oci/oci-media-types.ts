/** The OCI media types agentc publishes a bundle with (docs/oci.md). */
export const ociManifestType = "application/vnd.oci.image.manifest.v1+json";
export const ociIndexType = "application/vnd.oci.image.index.v1+json";
/** the artifact's own type: what a registry shows, and what `agentc install oci://…` insists on */
export const bundleArtifactType = "application/vnd.agentc.bundle.v1";
export const bundleLayerType = "application/vnd.agentc.bundle.v1+zip";
export const manifestLayerType = "application/vnd.agentc.manifest.v1+json";
/** the OCI image spec's empty descriptor, used as the config of artifacts that have none */
export const emptyConfig = {
  mediaType: "application/vnd.oci.empty.v1+json",
  digest: "sha256:44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a",
  size: 2,
  bytes: Buffer.from("{}"),
};
export const titleAnnotation = "org.opencontainers.image.title";
export const versionAnnotation = "org.opencontainers.image.version";
/** A bundle's SSH signature (docs/oci.md, "Signatures"): a referrer of the bundle's manifest. */
export const signatureArtifactType = "application/vnd.agentc.signature.v1";
export const signatureLayerType = "application/vnd.agentc.sshsig.v1";
export const descriptionAnnotation = "org.opencontainers.image.description";
