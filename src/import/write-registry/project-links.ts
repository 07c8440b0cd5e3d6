import type { ImportedItems } from "../model.js";

/**
 * targets.json project_links: a folder of the project that is a link to another folder an assistant reads as
 * its own, as the rules, skills and agents read through it show (one pack's rules folder leading to another's): the
 * link, and the folder of the own file that the rest of the linked file's path leads to. The build writes a
 * rule or skill there with the fields of the assistants reading it through the link, so that each still loads
 * and starts it as it did.
 */
export function projectLinks(
  items: Pick<ImportedItems, "rules" | "skills" | "agents">,
): Record<string, string> {
  const links = new Map<string, string>();
  for (const item of [...items.rules, ...items.skills, ...items.agents]) {
    const natives = item.natives ?? [];
    const own = natives.find((n) => !n.linked);
    if (!own) continue;
    for (const { path, link } of natives) {
      if (link === undefined || links.has(link) || !path.startsWith(`${link}/`)) continue;
      const rest = path.slice(link.length);
      if (own.path.endsWith(rest) && own.path.length > rest.length)
        links.set(link, own.path.slice(0, -rest.length));
    }
  }
  return Object.fromEntries([...links].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
