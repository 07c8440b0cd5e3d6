import { sha256 } from "../shared/hash.js";

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

/** Why a value is not plain JSON data (what a registry file can hold), or undefined when it is. */
export function jsonDataProblem(value: unknown, ancestors: unknown[] = []): string | undefined {
  if (value === null || typeof value === "string" || typeof value === "boolean") return undefined;
  if (typeof value === "number") return Number.isFinite(value) ? undefined : `${value} is not a JSON number`;
  if (typeof value !== "object") return `${typeof value} is not JSON data`;
  if (ancestors.includes(value)) return "the value contains itself";
  const prototype = Object.getPrototypeOf(value);
  if (!Array.isArray(value) && prototype !== Object.prototype && prototype !== null)
    return "only plain objects are JSON data";
  for (const member of Object.values(value)) {
    const problem = jsonDataProblem(member, [...ancestors, value]);
    if (problem) return problem;
  }
  return undefined;
}
