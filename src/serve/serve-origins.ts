import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { bundleManifestName } from "../packaging/bundle-manifest.js";
import { AgentcError } from "../shared/agentc-error.js";

const originHint =
  "give a build folder (agentc build), a bundle .zip (agentc pack), or a folder holding several of them, one per version";

/**
 * What `agentc serve PATH` serves: a build folder or a bundle zip is one version; any other folder holds
 * versions as its direct children (build folders and .zip files), e.g. releases/1.0.0/, releases/1.1.0.zip;
 * a hidden name (.1.2.0.partial) is skipped: that is where a version is copied before it is renamed in.
 */
export function serveOrigins(path: string): string[] {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) throw new AgentcError("serve", `${path} does not exist`, originHint);
  if (stat.isFile()) return [path];
  if (!stat.isDirectory()) throw new AgentcError("serve", `${path} is not a file or folder`, originHint);
  if (existsSync(join(path, bundleManifestName))) return [path];
  const children = readdirSync(path, { withFileTypes: true })
    .filter((e) => !e.name.startsWith("."))
    .filter((e) =>
      e.isDirectory()
        ? existsSync(join(path, e.name, bundleManifestName))
        : e.isFile() && e.name.endsWith(".zip"),
    )
    .map((e) => join(path, e.name))
    .sort();
  if (children.length === 0)
    throw new AgentcError(
      "serve",
      `${path} holds no manifest.json, no build folder and no .zip bundle`,
      originHint,
    );
  return children;
}
