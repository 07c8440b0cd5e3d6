import type { Manifest } from "../../manifest/manifest-model.js";
import { isOlder } from "../../shared/version-order.js";
import type { InstallRecord } from "../model/record.js";

/**
 * A bundle older than the installed one (by SemVer precedence, docs/distribution.md) is installed only when
 * the person asks for it (--allow-downgrade): a server that rolls back, or one someone else took over, could
 * otherwise bring back a version with a known flaw without a word. Versions of equal precedence (the
 * content-derived `0.0.0+<hash>` ones) are no downgrade.
 */
export function downgradeProblem(
  manifest: Manifest,
  record: InstallRecord | undefined,
  allowed: boolean,
): string | undefined {
  if (allowed || !record || !isOlder(manifest.registry_version, record.registry_version)) return undefined;
  return `the bundle's registry_version ${manifest.registry_version} is older than ${record.registry_version}, the version installed here; nothing was installed. Installing an older version must be asked for: run again with --allow-downgrade if you mean to go back to ${manifest.registry_version}`;
}
