import type { LoadedClientPack } from "../clients/loaded-client-pack.js";
import type { ClientPack } from "../clients/model.js";
import { packPath } from "../packs/shared/placeholders.js";
import type { TargetsConfig } from "./model.js";

/** The pack folders whose files a pack writes with frontmatter of its own dialect. */
export type LinkedFolderKind = "rules" | "skills" | "agents";

const folderOf: Record<LinkedFolderKind, (pack: ClientPack) => string | null | undefined> = {
  rules: (pack) => pack.rules_dir,
  skills: (pack) => pack.skills_dir,
  agents: (pack) => pack.agents_dir,
};

/**
 * The chosen client packs besides `writer` whose rules (skills, agents) folder leads to `folder` through a link the
 * projects keep (targets.json project_links: link path → the folder it leads to): they read the files written
 * there as their own, each by its own frontmatter fields.
 */
export function readersThroughLinks(
  registry: { targets: Pick<TargetsConfig, "project_links">; clients: readonly LoadedClientPack[] },
  kind: LinkedFolderKind,
  writer: string,
  folder: string,
): ClientPack[] {
  const links = Object.entries(registry.targets.project_links ?? {});
  if (links.length === 0) return [];
  return registry.clients
    .map(({ pack }) => pack)
    .filter((pack) => {
      const dir = folderOf[kind](pack);
      return (
        pack.client !== writer &&
        typeof dir === "string" &&
        linkedTo(packPath(dir, pack.runtime_placeholders), links) === folder
      );
    });
}

/** Where a folder is, once a link among `links` that it is or is below leads elsewhere; undefined if none. */
function linkedTo(dir: string, links: [string, string][]): string | undefined {
  for (const [from, to] of links) {
    if (dir === from) return to;
    if (dir.startsWith(`${from}/`)) return `${to}${dir.slice(from.length)}`;
  }
  return undefined;
}
