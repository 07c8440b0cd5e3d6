import type { Verb } from "../../core/model.js";
import { isNote, type Json } from "./seed-pack-model.js";

/** The seed's verbs that are not neutral verbs: search is both grep and glob, write is edit. */
const seedVerbs: Record<string, Verb[]> = { search: ["grep", "glob"], write: ["edit"] };

/** A verb → tool names map in the seed's verbs, as neutral verbs (names of a verb given twice are joined). */
export function seedVerbMap(map: Json | undefined): Partial<Record<Verb, string[]>> {
  const out: Partial<Record<Verb, string[]>> = {};
  for (const [verb, names] of Object.entries(map ?? {})) {
    if (isNote(verb)) continue;
    for (const neutral of seedVerbs[verb] ?? [verb as Verb])
      out[neutral] = [...new Set([...(out[neutral] ?? []), ...(names as string[])])];
  }
  return out;
}
