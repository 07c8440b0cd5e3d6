import type { Position } from "../diagnostics/diagnostic.js";
import { parseNativeJson } from "../import/read-project/native-json.js";
import { parseNativeToml } from "../packs/shared/items/native-toml.js";
import type { ProjectTree } from "../session-load/index.js";
import { isObject } from "../shared/json-shape.js";

/** A client's JSON or TOML configuration file, read by import's readers: its value and where each key is. */
export interface ConfigDocument {
  file: string;
  value: Record<string, unknown>;
  /** Where the value at a key path is, or its key (JSON; TOML knows the line of either). */
  positionOf(path: (string | number)[], part?: "key" | "value"): Position;
}

/** The file at `path`, parsed; undefined when absent or unreadable (import's readers report that as AGC127). */
export function configDocument(tree: ProjectTree, path: string): ConfigDocument | undefined {
  const text = tree.text(path);
  if (text === undefined) return undefined;
  if (path.endsWith(".toml")) {
    const { toml } = parseNativeToml(path, text);
    return toml ? { file: path, value: toml.value, positionOf: (p) => toml.positionOf(p) } : undefined;
  }
  const { document } = parseNativeJson(path, text);
  if (!document || !isObject(document.value)) return undefined;
  return { file: path, value: document.value, positionOf: (p, part) => document.positionOf(p, part) };
}

/** The value at a key path, when every step is an object. */
export function valueAt(value: unknown, path: readonly string[]): unknown {
  return path.reduce<unknown>((at, key) => (isObject(at) ? at[key] : undefined), value);
}
