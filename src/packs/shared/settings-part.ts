import type { OwnedEntry } from "../../compose/model.js";
import type { Diagnostic } from "../../diagnostics/diagnostic.js";
import type { CapabilityRow } from "./capability.js";

/** Values one concept (permissions, hooks, MCP) puts into one shared file of a client. */
export interface SettingsPart {
  /** Install path, placeholders replaced. */
  file: string;
  format: "json" | "toml";
  entries: OwnedEntry[];
}

/** What one concept makes of the core for one client: values for shared files and capability rows. */
export interface SettingsOutcome {
  parts: SettingsPart[];
  rows: CapabilityRow[];
  /** Errors of the mapping (an MCP value the client cannot take). */
  diagnostics?: Diagnostic[];
}

/** Entries without repeats (same path, value and element flag), first occurrence kept. */
export function uniqueEntries(entries: OwnedEntry[]): OwnedEntry[] {
  const seen = new Set<string>();
  return entries.filter((entry) => {
    const key = JSON.stringify([entry.path, entry.value, entry.element === true]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
