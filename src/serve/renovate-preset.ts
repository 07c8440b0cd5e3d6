import { readFileSync } from "node:fs";
import { join } from "node:path";
import { packageRoot } from "../shared/package-paths.js";

/**
 * The Renovate preset agentc ships (renovate/agentc.json, docs/fleet.md), served at the same path below the
 * base URL: Renovate reads presets from an HTTP server, so a repository can extend the server's own copy.
 */
export const renovatePresetAddress = "renovate/agentc.json";

export function renovatePreset(): Buffer {
  return readFileSync(join(packageRoot, renovatePresetAddress));
}
