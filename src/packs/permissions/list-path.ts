import type { PermissionLevel } from "../../core/model.js";
import type { PermissionMapping } from "./model.js";

/** The key path of a level's list in the lists shape: the pack's level_keys entry, else under `key`. */
export function levelListPath(mapping: PermissionMapping, level: PermissionLevel, list: string): string[] {
  return mapping.level_keys?.[level] ?? [...mapping.key, list];
}
