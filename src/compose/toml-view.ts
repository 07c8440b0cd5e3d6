import { LineIndex } from "../diagnostics/positions.js";
import { pathText } from "./conflicts.js";
import type { Found, KeyPath } from "./model.js";
import type { DocumentView } from "./ownership-plan.js";
import type { TableBlock } from "./toml-tables.js";
import { valueHash } from "./value-hash.js";

export const isTable = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof Date);

/** The value at a path of a parsed TOML document, or where the path runs into something not a table. */
export function tomlValueAt(document: unknown, path: KeyPath): { value?: unknown; blockedAt?: number } {
  let current: unknown = document;
  for (let depth = 0; depth < path.length; depth++) {
    if (!isTable(current)) return { blockedAt: depth };
    const key = String(path[depth]);
    if (!Object.hasOwn(current, key)) return {};
    current = current[key];
  }
  return { value: current };
}

export const startsWithPath = (path: readonly string[] | undefined, prefix: KeyPath): boolean =>
  path !== undefined && path.length >= prefix.length && prefix.every((segment, i) => path[i] === segment);

const describeValue = (value: unknown): string => (Array.isArray(value) ? "an array" : `a ${typeof value}`);

/** Owned TOML values are whole tables; elements never exist, so `element` is always missing. */
export function tomlView(text: string, document: unknown, blocks: TableBlock[]): DocumentView {
  const lines = new LineIndex("", text);
  const lineOf = (path: KeyPath) => {
    const block = blocks.find((b) => startsWithPath(b.path, path));
    const { line, column } = lines.position(block?.start ?? 0);
    return { line, column };
  };
  return {
    key(path) {
      const reached = tomlValueAt(document, path);
      if (reached.blockedAt !== undefined) {
        const holder = path.slice(0, reached.blockedAt);
        const value = tomlValueAt(document, holder).value;
        const reason = `${pathText(holder)} is ${describeValue(value)}, not a table`;
        return { state: "blocked", reason, ...lineOf(holder) };
      }
      if (reached.value === undefined) return { state: "missing" };
      return { state: "present", hash: valueHash(reached.value), ...lineOf(path) };
    },
    element: (): Found => ({ state: "missing" }),
  };
}
