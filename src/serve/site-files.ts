import { lstatSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { AgentcError } from "../shared/agentc-error.js";
import { pathProblem } from "../shared/path-check.js";

/** The registry page the build wrote into <build>/site/, read into memory at start: path → bytes. */
export type SiteFiles = Map<string, Buffer>;

export const siteLimits = { files: 2000, bytes: 32 * 2 ** 20 };

/**
 * Reads every regular file below `dir` (links and special files are skipped and reported: the server
 * never follows a link out of its root). Undefined when there is no such folder.
 */
export function readSite(dir: string, warn: (text: string) => void): SiteFiles | undefined {
  if (!lstatSync(dir, { throwIfNoEntry: false })?.isDirectory()) return undefined;
  const files: SiteFiles = new Map();
  let total = 0;
  const walk = (folder: string, prefix: string): void => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = `${prefix}${entry.name}`;
      const full = join(folder, entry.name);
      if (entry.isDirectory()) walk(full, `${path}/`);
      else if (!entry.isFile() || pathProblem(path))
        warn(`site/${path} is not served: not a regular file with a safe name`);
      else {
        const bytes = readFileSync(full);
        total += bytes.length;
        if (files.size >= siteLimits.files || total > siteLimits.bytes) throw tooLarge(dir);
        files.set(path, bytes);
      }
    }
  };
  walk(dir, "");
  return files;
}

function tooLarge(dir: string): AgentcError {
  return new AgentcError(
    "serve",
    `${dir} holds more than ${siteLimits.files} files or ${siteLimits.bytes / 2 ** 20} MiB`,
    "the registry page is small static HTML; remove what does not belong to it",
  );
}
