import type { ClientPack } from "../clients/model.js";
import { firstLineOf, portable } from "./native-text.js";
import { adjusted, type ReadContext, start } from "./read-context.js";
import type { ItemFile, ReadFields } from "./reverse-fields.js";

/**
 * The neutral name of a skill folder or an agent or command file: its name without the pack's
 * core_skill_prefix (which the build adds again), in the portable form.
 */
export function itemName(ctx: ReadContext, pack: ClientPack, pathName: string, path: string): string {
  const base = pathName.slice(pathName.lastIndexOf("/") + 1);
  const prefix = pack.core_skill_prefix ?? "";
  const unprefixed = prefix !== "" && base.startsWith(prefix) ? base.slice(prefix.length) : base;
  const name = portable(unprefixed);
  if (name !== unprefixed)
    adjusted(ctx, start(path), `${path} is imported under the portable name "${name}"`);
  return name;
}

/** The path's name wins over a different `name` field; a missing description is taken from the first line. */
export function namedDescription(
  ctx: ReadContext,
  item: ItemFile,
  fields: ReadFields,
  name: string,
): { name: string; description: string } {
  const written = fields.neutral.name;
  if (typeof written === "string" && written !== name)
    adjusted(
      ctx,
      item.positionOf("name"),
      `${item.file} is named "${written}" inside: imported as "${name}", its path's name`,
    );
  const own = fields.neutral.description;
  if (typeof own === "string" && own.trim() !== "") return { name, description: own };
  const description = firstLineOf(item.body) ?? name;
  adjusted(
    ctx,
    start(item.file),
    `${item.file} has no description: imported with "${description}", its first line`,
  );
  return { name, description };
}
