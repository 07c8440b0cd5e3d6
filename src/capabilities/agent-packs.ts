import type { LoadedClientPack } from "../clients/loaded-client-pack.js";
import { packPath } from "../packs/shared/placeholders.js";
import { instancesFolder } from "./model.js";

/**
 * The client packs that get a package's agents (souls) compiled: those with subagents in a folder of their
 * own. The instance in .agents/local-agents/ is written for every client anyway.
 */
export function agentPacks(clients: readonly LoadedClientPack[]): LoadedClientPack[] {
  return clients.filter(({ pack }) => {
    if (pack.agents_dir === null || !pack.agent_frontmatter) return false;
    return packPath(pack.agents_dir, pack.runtime_placeholders) !== instancesFolder;
  });
}
