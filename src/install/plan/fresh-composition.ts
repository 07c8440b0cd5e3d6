import { composeFile } from "../../compose/index.js";
import { desiredState } from "../../manifest/desired.js";
import { readBundleFile } from "../bundle/local-bundle.js";
import { readFragments } from "../bundle/read-fragments.js";
import { readManifest } from "../bundle/read-manifest.js";
import { composedRecordText } from "../model/record.js";
import { blockingKinds } from "./plan-compose.js";

/** What one component composes into one settings file that does not exist yet, and the record of it. */
export interface FreshComposition {
  component: string;
  path: string;
  /** the file's text, as `agentc install` writes it when the file is missing */
  text: string;
  /** the file's `composed` element of the install record, as `serializeRecord` lays it out */
  record: string;
}

/**
 * Every settings file each component composes into, composed as `agentc install` composes it into a project
 * that has no such file (planComposed with nothing on disk and nothing recorded). install.sh writes these
 * texts, which it cannot compose itself, where the file is missing (docs/install-sh.md). A fragment that is
 * unreadable or conflicts is left out: install.sh then refuses, and agentc says why.
 */
export function freshCompositions(bundleDir: string): FreshComposition[] {
  const read = readManifest(bundleDir);
  if (!read.ok) return [];
  const manifest = read.manifest;
  const readFile = (path: string) => readBundleFile(bundleDir, path);
  const out: FreshComposition[] = [];
  for (const [component, install] of Object.entries(manifest.install.components)) {
    if ((install.composed ?? []).length === 0) continue;
    const fragments = readFragments(
      manifest,
      desiredState(manifest, [component], () => undefined),
      readFile,
    );
    if (!fragments.ok) continue;
    for (const file of fragments.composed) {
      const result = composeFile(file.format, undefined, file.entries, []);
      if (!result.changed || result.conflicts.some((c) => blockingKinds.has(c.kind))) continue;
      const containers = result.containers ?? [];
      const record = composedRecordText({
        path: file.path,
        format: file.format,
        components: file.components,
        created: true,
        owned: result.owned,
        ...(containers.length > 0 && { containers }),
      });
      out.push({ component, path: file.path, text: result.text, record });
    }
  }
  return out;
}
