import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { ResolveBundleOptions } from "../install/bundle/resolve-bundle.js";
import type { InstallRecord } from "../install/model/record.js";
import { manifestFileName } from "../manifest/manifest-model.js";
import { sha256 } from "../shared/hash.js";
import type { Candidate, OpenedBundle } from "./candidate.js";

export interface Standing {
  behind: boolean;
  /** the newest bundle, when it had to be fetched to tell; the caller installs it or cleans it up */
  opened?: OpenedBundle;
}

/**
 * Whether a project is behind its source's newest bundle: not when the newest is the very bundle
 * recorded, else by its manifest's sha256 against the record's (named by serve and oci sources; a bundle
 * URL's bundle is fetched to learn it).
 */
export async function standingOf(
  record: InstallRecord,
  candidate: Candidate,
  options: ResolveBundleOptions = {},
): Promise<Standing> {
  if (record.source?.bundle_sha256 === candidate.bundleSha256) return { behind: false };
  if (candidate.manifestSha256 !== undefined)
    return { behind: candidate.manifestSha256 !== record.manifest_sha256 };
  const opened = await candidate.open(options);
  const manifest = sha256(readFileSync(join(opened.dir, manifestFileName)));
  return { behind: manifest !== record.manifest_sha256, opened };
}
