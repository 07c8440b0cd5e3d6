import { composeJson } from "../compose/index.js";
import type { EmittedTree } from "../emit/emitted-tree.js";

/**
 * The value a client pack composes at `key` of one of its shared files (`file` undefined: any of them),
 * as the file would hold it in an empty project; undefined when the pack writes nothing there.
 */
export function composedValue(
  tree: EmittedTree,
  component: string,
  file: string | undefined,
  key: string[],
): unknown {
  for (const composed of tree.composed) {
    if (composed.component !== component || composed.format !== "json") continue;
    if (file !== undefined && composed.path !== file) continue;
    const entries = composed.entries.filter((e) => key.every((k, i) => e.path[i] === k));
    if (entries.length === 0) continue;
    return valueAt(JSON.parse(composeJson(undefined, entries, []).text), key);
  }
  return undefined;
}

export function valueAt(value: unknown, key: (string | number)[]): unknown {
  let at = value;
  for (const k of key) at = (at as Record<string | number, unknown> | null | undefined)?.[k];
  return at;
}

/** `{ [key[0]]: { [key[1]]: … value } }`. */
export function nestedAt(key: string[], value: unknown): Record<string, unknown> {
  return key.reduceRight<Record<string, unknown>>((inner, k) => ({ [k]: inner }), value as never) as Record<
    string,
    unknown
  >;
}

/** Every string in a JSON value replaced through `map`. */
export function mapStrings(value: unknown, map: (text: string) => string): unknown {
  if (typeof value === "string") return map(value);
  if (Array.isArray(value)) return value.map((v) => mapStrings(v, map));
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapStrings(v, map)]));
}

/** Every string in a JSON value, with the key it sits under. */
export function stringsOf(value: unknown, key = ""): { key: string; text: string }[] {
  if (typeof value === "string") return [{ key, text: value }];
  if (Array.isArray(value)) return value.flatMap((v) => stringsOf(v, key));
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([k, v]) => stringsOf(v, k));
}
