import { lstatSync, readdirSync, readFileSync, readlinkSync } from "node:fs";
import { join } from "node:path";
import { sha256 } from "../../src/shared/hash.js";

/**
 * Every entry below `dir` (links not followed) with its full mode: "dir 0755", "file 0600 <sha256>",
 * "link <target>". What a person's home folder is, byte for byte, as far as agentc could change it.
 */
export function fullTree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const visit = (rel: string): void => {
    for (const name of readdirSync(join(dir, rel)).sort()) {
      const path = rel ? `${rel}/${name}` : name;
      const abs = join(dir, path);
      const stat = lstatSync(abs);
      const mode = (stat.mode & 0o7777).toString(8).padStart(4, "0");
      if (stat.isSymbolicLink()) out[path] = `link ${readlinkSync(abs)}`;
      else if (stat.isDirectory()) {
        out[path] = `dir ${mode}`;
        visit(path);
      } else out[path] = `file ${mode} ${sha256(readFileSync(abs))}`;
    }
  };
  visit("");
  return out;
}

/**
 * Runs `body` with HOME set to `home` and XDG_CONFIG_HOME as given (unset by default), as an in-process run of
 * the CLI reads them; restores both afterwards.
 */
export async function withHome<T>(home: string, body: () => Promise<T>, xdgConfig?: string): Promise<T> {
  const saved = { HOME: process.env.HOME, XDG_CONFIG_HOME: process.env.XDG_CONFIG_HOME };
  process.env.HOME = home;
  if (xdgConfig === undefined) delete process.env.XDG_CONFIG_HOME;
  else process.env.XDG_CONFIG_HOME = xdgConfig;
  try {
    return await body();
  } finally {
    for (const [key, value] of Object.entries(saved))
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
  }
}
