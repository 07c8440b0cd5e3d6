import type { TargetsConfig } from "../../registry/model.js";

/**
 * The one line a registry that chooses no assistant gets: every built-in is served, and how to narrow it.
 * Undefined when targets.json chooses (assistants, builtin_adapters or builtin_clients).
 */
export function narrowingHint(targets: TargetsConfig): string | undefined {
  if (targets.assistants || targets.builtin_adapters || targets.builtin_clients) return undefined;
  return `note: this registry serves every built-in assistant; to hear only about yours, list them in targets.json "assistants": [...] ('agentc init --help' names every id)`;
}
