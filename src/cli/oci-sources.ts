import type { OciSources } from "../dependencies/fetch-dependency.js";

const client = async () => (await import("../distribute/oci/oci-registry-source.js")).ociRegistrySources;

/** Dependencies on oci:// references, read by the OCI client (loaded only when a registry has one). */
export const ociSources: OciSources = {
  pin: async (reference) => (await client()).pin(reference),
  files: async (reference, digest) => (await client()).files(reference, digest),
};
