import type { KeyPath } from "./model.js";
import { valueHash } from "./value-hash.js";

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof Date);

/** The document without the value at `path`, and without objects on the way that are left empty. */
function without(document: unknown, path: KeyPath): unknown {
  const [head, ...rest] = path;
  if (head === undefined || !isRecord(document) || !Object.hasOwn(document, String(head))) return document;
  const copy = { ...document };
  const inner = rest.length === 0 ? undefined : without(copy[head], rest);
  if (inner === undefined || (isRecord(inner) && Object.keys(inner).length === 0)) delete copy[head];
  else copy[head] = inner;
  return copy;
}

/** Whether an edit changed nothing but the value at `path` (and the empty objects that hold it). */
export function onlyPathChanged(before: unknown, after: unknown, path: KeyPath): boolean {
  return valueHash(without(before, path)) === valueHash(without(after, path));
}
