import { expectedUrlDigest, type ResolveBundleOptions, resolveBundle } from "../install/index.js";
import { sourceAddress } from "./bundle-source.js";
import type { Candidate } from "./candidate.js";

/**
 * A bundle's own URL: what it holds now is known from its digest (--integrity, #sha256=, or the
 * <url>.sha256 beside it), fetched before the bundle itself.
 */
export async function urlCandidate(url: URL, options: ResolveBundleOptions = {}): Promise<Candidate> {
  const digest = await expectedUrlDigest(url.toString(), options);
  const source = { kind: "bundle" as const, url };
  return {
    source,
    bundleSha256: digest,
    open: async (opts) => {
      const pinned = new URL(url);
      pinned.hash = `sha256=${digest}`;
      const bundle = await resolveBundle(pinned.toString(), opts);
      return { ...bundle, source: { kind: "bundle", url: sourceAddress(source), bundle_sha256: digest } };
    },
  };
}
