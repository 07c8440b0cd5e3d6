import { readFileSync } from "node:fs";
import { join } from "node:path";
import { packageRoot } from "../../shared/package-paths.js";

/** Package-relative path of the secret guard (docs/guard.md). */
export const guardAsset = "assets/hooks/agentc-guard.mjs";

let cached: Buffer | undefined;

/** The guard's bytes: a file of the installed package, read once, the same in every build. */
export function guardProgram(): Buffer {
  cached ??= readFileSync(join(packageRoot, guardAsset));
  return cached;
}

/** The guard's own time limit (TIMEOUT_MS in the program; a test keeps the two equal). */
export const guardTimeoutMs = 5000;
