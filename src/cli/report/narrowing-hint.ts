import type { TargetsConfig } from "../../registry/model.js";

/**
 * The one line a registry that chooses no assistant gets: every built-in is served, and how to narrow it.
 * Undefined when targets.json chooses (assistants, builtin_adapters or builtin_clients).
 */
export function narrowingHint(targets: TargetsConfig): string | undefined {
  if (targets.assistants || targets.builtin_adapters || targets.builtin_clients) return undefined;
  return `note: this registry serves every built-in assistant; to hear only about yours, name them in targets.json, e.g. "assistants": ["claude-code", "cursor"] (agentc init --help lists them)`;
}
