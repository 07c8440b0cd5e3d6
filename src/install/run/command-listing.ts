import {
  type CapabilityState,
  capabilityState,
  type Installed,
  type InstalledCapability,
} from "./installed-capabilities.js";

/** One installed capability in `agentc run --format json`. */
interface ListedCapability {
  capability: string;
  slug: string;
  version: string;
  home: string;
  layer: string;
  spawn: string;
  /** by name; absent when they cannot be read (see problem) */
  commands?: Record<string, string>;
  /** set when nothing of it runs: the installed file that changed */
  changed?: string;
  problem?: string;
}

export function listingJson(installed: Installed, capabilities: InstalledCapability[]): string {
  const listed = capabilities.map((c): ListedCapability => {
    const { commands, changed } = capabilityState(installed, c);
    return {
      capability: c.spawn.capability,
      slug: c.slug,
      version: c.spawn.version,
      home: c.spawn.home,
      layer: c.spawn.layer,
      spawn: c.spawn.state,
      ...(commands.ok ? { commands: Object.fromEntries(commands.commands) } : {}),
      ...(changed !== undefined ? { changed } : {}),
      ...(!commands.ok ? { problem: commands.problem } : {}),
    };
  });
  return JSON.stringify(
    { ok: true, installed: installed.record !== undefined, capabilities: listed },
    null,
    2,
  );
}

/** Each capability as a heading line, then its commands, one per line, names aligned. */
export function listingPretty(installed: Installed, capabilities: InstalledCapability[]): string[] {
  if (!installed.record) return ["nothing is installed here (no .agentc/installed.json)"];
  if (capabilities.length === 0) return ["no capability package is installed here"];
  return capabilities.flatMap((c) => {
    const state = capabilityState(installed, c);
    return [heading(c, state), ...commandLines(state)];
  });
}

function heading(c: InstalledCapability, { changed }: CapabilityState): string {
  const what = `${c.slug}: ${c.spawn.capability} ${c.spawn.version}`;
  return changed === undefined ? what : `${what} (does not run: ${changed} changed since it was installed)`;
}

function commandLines({ commands }: CapabilityState): string[] {
  if (!commands.ok) return [`  (commands unreadable: ${commands.problem})`];
  if (commands.commands.length === 0) return ["  (no commands)"];
  const width = Math.max(...commands.commands.map(([name]) => name.length));
  return commands.commands.map(([name, line]) => `  ${name.padEnd(width)}  ${line}`);
}
