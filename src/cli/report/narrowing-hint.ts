import type { TargetsConfig } from "../../registry/model.js";

/** Whether targets.json chooses no assistant (nor adapters, nor client packs): every built-in is served. */
export function servesEveryBuiltin(targets: TargetsConfig): boolean {
  return !targets.assistants && !targets.builtin_adapters && !targets.builtin_clients;
}

/**
 * The one line a registry that chooses no assistant gets: every built-in is served (in a report: so its
 * client limits are counted rather than listed per client), and how to narrow it. Undefined when
 * targets.json chooses.
 */
export function narrowingHint(targets: TargetsConfig, inReport: boolean): string | undefined {
  if (!servesEveryBuiltin(targets)) return undefined;
  const counted = inReport ? ", so client limits are only counted" : "";
  return `note: this registry serves every built-in assistant${counted}; to hear about yours alone, list them in targets.json "assistants" ('agentc init --help' names the ids)`;
}
