import type { ResolveBundleOptions } from "../install/bundle/resolve-bundle.js";
import type { BundleSource } from "./bundle-source.js";
import type { Candidate } from "./candidate.js";
import { serveCandidate } from "./serve-source.js";
import { urlCandidate } from "./url-source.js";

export type RemoteSource = Exclude<BundleSource, { kind: "folder" | "zip" }>;

/** The newest bundle a remote source offers now (one or two small requests; the bundle is not fetched). */
export async function latestBundle(
  source: RemoteSource,
  options: ResolveBundleOptions = {},
): Promise<Candidate> {
  if (source.kind === "serve") return serveCandidate(source.url, options);
  if (source.kind === "bundle") return urlCandidate(source.url, options);
  const { ociCandidate } = await import("./oci/oci-source.js");
  return ociCandidate(source.reference, options);
}
