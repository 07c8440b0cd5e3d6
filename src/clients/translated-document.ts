import type { JsonDocument, JsonPath } from "../documents/json-document.js";
import type { SeedTranslation } from "../packs/shared/seed-pack-model.js";

/**
 * The translated pack as a document: its value is agentc's shape, and a position asked for a path of
 * it is the position of the seed field it was read from (the longest translated prefix of the path,
 * the rest of the path followed inside that field).
 */
export function translatedDocument(seed: JsonDocument, translation: SeedTranslation): JsonDocument {
  const sources = [...translation.sources].sort((a, b) => b[0].length - a[0].length);
  return {
    file: seed.file,
    value: translation.value,
    positionOf(path, part) {
      const found = sources.find(([inner]) => isPrefix(inner, path));
      if (!found) return seed.positionOf([], part);
      const [inner, outer] = found;
      return seed.positionOf([...outer, ...path.slice(inner.length)], part);
    },
  };
}

function isPrefix(prefix: JsonPath, path: JsonPath): boolean {
  return prefix.length <= path.length && prefix.every((key, i) => key === path[i]);
}
