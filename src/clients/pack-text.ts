import type { ClientPack } from "./model.js";

/** The text with every runtime placeholder of the pack ("<RUNTIME_DIR>") replaced, longest key first. */
export function withRuntimePlaceholders(pack: ClientPack, text: string): string {
  const keys = Object.keys(pack.runtime_placeholders).sort((a, b) => b.length - a.length || (a < b ? -1 : 1));
  let result = text;
  for (const key of keys) result = result.split(key).join(pack.runtime_placeholders[key] ?? key);
  return result;
}

/** A copy of a pack value without its "_…" note keys, at every depth. */
export function withoutNotes(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNotes);
  if (value === null || typeof value !== "object") return value;
  const kept = Object.entries(value).filter(([key]) => !key.startsWith("_"));
  return Object.fromEntries(kept.map(([key, inner]) => [key, withoutNotes(inner)]));
}
