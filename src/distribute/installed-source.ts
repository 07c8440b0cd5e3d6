import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type InstallRecord, manifestCopyPathIn } from "../install/index.js";
import { parseJson } from "../shared/nesting-limit.js";

/** Where a project's updates come from: the recorded source, else the installed manifest's install.bundle. */
export interface UpdateSource {
  address: string;
  from: "record" | "manifest";
}

export function updateSourceOf(root: string, record: InstallRecord): UpdateSource | undefined {
  if (record.source) return { address: record.source.url, from: "record" };
  const bundle = installBundleOf(root);
  return bundle ? { address: bundle, from: "manifest" } : undefined;
}

/** install.bundle of the manifest copy the last install left (`bundle_url` of the registry). */
function installBundleOf(root: string): string | undefined {
  try {
    const manifest = parseJson(readFileSync(join(root, manifestCopyPathIn(root)), "utf8")) as {
      install?: { bundle?: unknown };
    };
    return typeof manifest.install?.bundle === "string" ? manifest.install.bundle : undefined;
  } catch {
    return undefined;
  }
}

export const noUpdateSourceHint =
  "install once from a remote source (agentc install <server-url | bundle-url | oci://…>), or set bundle_url in targets.json";
