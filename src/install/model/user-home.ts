import { realpathSync } from "node:fs";
import { homedir } from "node:os";
import { isAbsolute, join, posix, relative, sep } from "node:path";

/** The person's home folder (HOME honoured) as its real path: where `--scope user` installs; undefined when missing. */
export function userScopeHome(): string | undefined {
  try {
    return realpathSync(homedir());
  } catch {
    return undefined;
  }
}

/** The person's config folder: $XDG_CONFIG_HOME when it is an absolute path, else ~/.config. */
export function userConfigHome(home: string): string {
  const xdg = process.env.XDG_CONFIG_HOME;
  return xdg && isAbsolute(xdg) ? xdg : join(home, ".config");
}

/**
 * Where a user-scope install keeps its record, manifest copy, journal and lock: `<config>/agentc/user`, relative
 * to HOME; undefined when the config folder lies outside HOME (one transaction must cover both: the journal
 * moves files between them).
 */
export function userAgentcDir(home: string): string | undefined {
  let config = userConfigHome(home);
  try {
    config = realpathSync(config);
  } catch {
    // not there yet: the install creates it
  }
  return posixRelative(home, join(config, "agentc", "user"));
}

/** `to` relative to `from` in `/` form when it lies inside `from`, else undefined. */
export function posixRelative(from: string, to: string): string | undefined {
  const rel = relative(from, to);
  if (rel === "" || rel === ".." || rel.startsWith(`..${sep}`) || isAbsolute(rel)) return undefined;
  return rel.split(sep).join(posix.sep);
}
