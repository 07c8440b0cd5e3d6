import type { JsonPath } from "../../documents/json-document.js";

export type Json = Record<string, unknown>;

/** A field the translation of a seed-shaped pack read but agentc does not act on, reported by AGC141. */
export interface NotActedOn {
  path: JsonPath;
  message: string;
  hint: string;
  severity: "warning" | "info";
}

/** A seed-shaped pack in agentc's shape, where each part came from, and what it does not act on. */
export interface SeedTranslation {
  value: Json;
  /** Pairs of a path in `value` and the path in the seed file it was read from; longest prefix wins. */
  sources: [JsonPath, JsonPath][];
  notActedOn: NotActedOn[];
}

/** Writes `value` at `path` of the translation and remembers the seed path it was read from. */
export type Put = (path: JsonPath, value: unknown, from: JsonPath) => void;

/** Notes for people in a seed-shaped pack: keys starting with "_" or ending in "_note". */
export function isNote(key: string): boolean {
  return key.startsWith("_") || key.endsWith("_note") || key === "$schema";
}

export function withoutNotes(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNotes);
  if (!isJson(value)) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !isNote(key))
      .map(([key, inner]) => [key, withoutNotes(inner)]),
  );
}

export function isJson(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
