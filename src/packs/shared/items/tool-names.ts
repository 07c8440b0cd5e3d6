import { type Verb, verbs } from "../../../core/model.js";

/** A tool list as a client writes it: a YAML list, "Read, Grep" or "Read Grep". */
export function toolNames(value: unknown): string[] {
  if (Array.isArray(value))
    return value.filter((v): v is string => typeof v === "string").map((v) => v.trim());
  if (typeof value !== "string") return [];
  return value
    .split(/[,\s]+/)
    .map((name) => name.trim())
    .filter((name) => name !== "");
}

/** A deny field: a tool list, or a map of tool → action (`permission: {edit: deny}`) of which the denied. */
export function deniedNames(value: unknown): string[] {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return toolNames(value);
  return Object.entries(value)
    .filter(([, action]) => action === "deny")
    .map(([name]) => name);
}

/**
 * The verbs whose client tool names a list holds, in the core's verb order; names no verb maps to are
 * returned as unknown. A verb counts when any of its names is listed (the build then writes all of them).
 */
export function verbsOf(
  names: string[],
  map: Partial<Record<Verb, string[]>>,
): { verbs: Verb[]; unknown: string[] } {
  const listed = new Set(names);
  const found = verbs.filter((verb) => (map[verb] ?? []).some((name) => listed.has(name)));
  const known = new Set(found.flatMap((verb) => map[verb] ?? []));
  return { verbs: found, unknown: names.filter((name) => !known.has(name)) };
}
