import type { LoadedClientPack } from "../clients/loaded-client-pack.js";
import { packPath } from "../packs/shared/placeholders.js";
import { instanceSkillsFolder } from "./model.js";

/**
 * The client packs that get a package's skills compiled: those writing skills to a folder of their own. A pack
 * whose folder is the shared skills folder already reads the byte copy there.
 */
export function skillPacks(clients: readonly LoadedClientPack[]): LoadedClientPack[] {
  return clients.filter(({ pack }) => {
    if (pack.skills_dir === null || !pack.skill_frontmatter) return false;
    return packPath(pack.skills_dir, pack.runtime_placeholders) !== instanceSkillsFolder;
  });
}
