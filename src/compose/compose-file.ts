import { composeJson } from "./compose-json.js";
import { composeToml } from "./compose-toml.js";
import type { ComposeResult, KeyPath, OwnedEntry, OwnedRecord } from "./model.js";

/**
 * Composes into a shared file of either format: `containers` (the empty objects agentc made, kept as they are)
 * are JSON's alone, TOML has none.
 */
export function composeFile(
  format: "json" | "toml",
  current: string | undefined,
  desired: OwnedEntry[],
  previous: OwnedRecord[],
  { containers = [], adopted = [] }: { containers?: KeyPath[]; adopted?: OwnedRecord[] } = {},
): ComposeResult {
  return format === "json"
    ? composeJson(current, desired, previous, containers, adopted)
    : composeToml(current, desired, previous, adopted);
}
