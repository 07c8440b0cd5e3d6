import type { ResolveBundleOptions, ResolvedBundle, SourceRecord } from "../install/index.js";
import type { BundleSource } from "./bundle-source.js";

/** A bundle ready to install, with the source to record when the install succeeds. */
export interface OpenedBundle extends ResolvedBundle {
  /** undefined for a folder or zip on this machine */
  source?: SourceRecord;
}

/** The newest bundle a remote source offers, known before anything large is downloaded. */
export interface Candidate {
  source: BundleSource;
  /** its registry_version, when the source says (serve, oci) */
  version?: string;
  /** sha256 of its manifest.json, when the source says (serve, oci): compared with the install record */
  manifestSha256?: string;
  bundleSha256: string;
  /** downloads, verifies and unpacks it */
  open(options: ResolveBundleOptions): Promise<OpenedBundle>;
}
