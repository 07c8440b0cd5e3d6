import type { ResolveBundleOptions } from "../install/index.js";
import { redacted } from "../install/index.js";
import { AgentcError } from "../shared/agentc-error.js";
import type { BundleSource } from "./bundle-source.js";
import type { Candidate } from "./candidate.js";
import { serveCandidate } from "./serve-source.js";
import { urlCandidate } from "./url-source.js";

export type RemoteSource = Exclude<BundleSource, { kind: "folder" | "zip" }>;

/** The bundle a remote source names now (one or two small requests; the bundle is not fetched): what install takes. */
export async function latestBundle(
  source: RemoteSource,
  options: ResolveBundleOptions = {},
): Promise<Candidate> {
  if (source.kind === "serve") return serveCandidate(source.url, options);
  if (source.kind === "bundle") return urlCandidate(source.url, options);
  const { ociCandidate } = await import("./oci/oci-source.js");
  return ociCandidate(source.reference, options);
}

/**
 * The newest bundle a source offers for an update: a server's newest version, an OCI repository's newest
 * version tag when the project was installed from one, each within `range` (`--to`) when given.
 */
export async function newestBundle(
  source: RemoteSource,
  options: ResolveBundleOptions = {},
  range?: string,
): Promise<Candidate> {
  if (source.kind === "serve") return serveCandidate(source.url, options, range);
  if (source.kind === "bundle") {
    if (range !== undefined)
      throw new AgentcError(
        "bundle",
        `${redacted(source.url)} is one bundle's URL, with no versions to choose from: --to needs a served or OCI source`,
        "update from the server's base URL or an oci:// repository, or leave out --to",
      );
    return urlCandidate(source.url, options);
  }
  const { newestOciCandidate } = await import("./oci/oci-source.js");
  return newestOciCandidate(source.reference, options, range);
}
