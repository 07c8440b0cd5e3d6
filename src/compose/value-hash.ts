import { sha256 } from "../manifest/hash.js";

/** JSON with object keys sorted at every depth, so equal values give equal text. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortedCopy(value)) ?? "null";
}

/** The hash agentc records for a value it wrote. */
export function valueHash(value: unknown): string {
  return sha256(canonicalJson(value));
}

function sortedCopy(value: unknown): unknown {
  if (typeof value === "bigint") return value.toString();
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(sortedCopy);
  if (value === null || typeof value !== "object") return value;
  const record = value as Record<string, unknown>;
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(record).sort()) {
    if (record[key] !== undefined) sorted[key] = sortedCopy(record[key]);
  }
  return sorted;
}
