import type { ItemPack } from "./item-pack.js";
import { portable } from "./native-text.js";
import { adjusted, type ItemReadContext, renamedGroup, start } from "./read-context.js";
import type { ItemFile, ReadFields } from "./read-fields.js";

/**
 * The neutral name of a skill folder or an agent or command file: its name without the pack's
 * core_skill_prefix (which the build adds again), in the portable form.
 */
export function itemName(ctx: ItemReadContext, pack: ItemPack, pathName: string, path: string): string {
  const base = baseName(pathName);
  const prefix = pack.core_skill_prefix ?? "";
  const unprefixed = prefix !== "" && base.startsWith(prefix) ? base.slice(prefix.length) : base;
  const name = portable(unprefixed);
  if (name !== unprefixed)
    adjusted(ctx, start(path), `${path} is imported under the portable name "${name}"`, renamedGroup);
  return name;
}

/** The last part of an item's path name (`sub/review` → `review`): the name its file or folder gives it. */
export const baseName = (pathName: string): string => pathName.slice(pathName.lastIndexOf("/") + 1);

/** The neutral name of an item file and the description it writes. */
export function namedItem(
  ctx: ItemReadContext,
  pack: ItemPack,
  item: ItemFile,
  fields: ReadFields,
  pathName: string,
): { name: string; description?: string } {
  const name = itemName(ctx, pack, pathName, item.file);
  return { name, ...described(ctx, item, fields, name, baseName(pathName)) };
}

/**
 * The description the file writes (a `name` unlike the path's is reported: the path's name wins). A name
 * that is the path's own (`résumé-écrit` in `skills/résumé-écrit/`) is no other name: that the path's name
 * was made portable, or joined with its sub-folder's, is reported once where the name is made.
 */
export function described(
  ctx: ItemReadContext,
  item: ItemFile,
  fields: ReadFields,
  name: string,
  pathName: string,
): { description?: string } {
  const written = fields.neutral.name;
  if (typeof written === "string" && written !== name && written !== pathName)
    adjusted(
      ctx,
      item.positionOf("name"),
      `${item.file} is named "${written}" inside: imported as "${name}", ${name === pathName ? "its path's name" : `from its path's name "${pathName}"`}`,
    );
  const own = fields.neutral.description;
  return typeof own === "string" && own.trim() !== "" ? { description: own } : {};
}
