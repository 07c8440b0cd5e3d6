import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { InstallRecord, ResolveBundleOptions } from "../install/index.js";
import { manifestFileName } from "../manifest/manifest-model.js";
import { sha256 } from "../shared/hash.js";
import { parseJson } from "../shared/nesting-limit.js";
import { isOlder } from "../shared/version-order.js";
import type { Candidate, OpenedBundle } from "./candidate.js";

export interface Standing {
  behind: boolean;
  /** the source's newest is a different bundle of an older registry_version (a rollback): not behind, and installed only with --allow-downgrade */
  older?: boolean;
  /** the newest bundle, when it had to be fetched to tell; the caller installs it or cleans it up */
  opened?: OpenedBundle;
}

/**
 * Whether a project is behind its source's newest bundle: not when the newest is the very bundle
 * recorded, else by its manifest's sha256 against the record's (named by serve and oci sources; a bundle
 * URL's bundle is fetched to learn it). A different bundle of an older registry_version is not newer: it is
 * `older`.
 */
export async function standingOf(
  record: InstallRecord,
  candidate: Candidate,
  options: ResolveBundleOptions = {},
): Promise<Standing> {
  if (record.source?.bundle_sha256 === candidate.bundleSha256) return { behind: false };
  if (candidate.manifestSha256 !== undefined)
    return againstRecord(record, candidate.manifestSha256 !== record.manifest_sha256, candidate.version);
  const opened = await candidate.open(options);
  const bytes = readFileSync(join(opened.dir, manifestFileName));
  return { ...againstRecord(record, sha256(bytes) !== record.manifest_sha256, versionIn(bytes)), opened };
}

/** The registry_version of a manifest, when it is one (the install checks the rest). */
function versionIn(manifest: Buffer): string | undefined {
  try {
    const version = (parseJson(manifest.toString("utf8")) as { registry_version?: unknown }).registry_version;
    return typeof version === "string" ? version : undefined;
  } catch {
    return undefined;
  }
}

function againstRecord(record: InstallRecord, differs: boolean, version: string | undefined): Standing {
  const older = differs && version !== undefined && isOlder(version, record.registry_version);
  return older ? { behind: false, older } : { behind: differs };
}
