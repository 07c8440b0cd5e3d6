import type { ItemPack } from "./item-pack.js";

/**
 * The name a pack installs a core skill, agent or command under: core_skill_prefix before it, unless the
 * name already starts with the prefix (a core skill "fw-plan" stays fw-plan, never fw-fw-plan).
 */
export function coreItemName(pack: Pick<ItemPack, "core_skill_prefix">, name: string): string {
  const prefix = pack.core_skill_prefix ?? "";
  return name.startsWith(prefix) ? name : `${prefix}${name}`;
}
