import type { Document } from "yaml";
import { yamlLibrary } from "../shared/on-first-use.js";

/**
 * The first anchor (`&name`) that no alias in the document names. A frontmatter value that
 * starts with `&` (`description: &copy rules`) parses as an anchor and the rest of the value, so the
 * text after `&` is lost without an error; an anchor nothing uses is that mistake, not a reuse.
 */
export function unusedAnchorAt(document: Document): { anchor: string; offset: number } | undefined {
  const { isAlias, isNode, visit } = yamlLibrary();
  const used = new Set<string>();
  visit(document, {
    Alias(_key, alias) {
      if (isAlias(alias)) used.add(alias.source);
    },
  });
  let found: { anchor: string; offset: number } | undefined;
  visit(document, (_key, node) => {
    if (!isNode(node) || node.anchor === undefined || used.has(node.anchor)) return undefined;
    found = { anchor: node.anchor, offset: node.range?.[0] ?? 0 };
    return visit.BREAK;
  });
  return found;
}
