import { isObject } from "../../shared/json-shape.js";
import type { KeyPath } from "./unfill-template.js";

/** The value at a key path, when every step is an object. */
export function valueAt(value: unknown, path: KeyPath): unknown {
  let node = value;
  for (const key of path) {
    if (!isObject(node)) return undefined;
    node = node[String(key)];
  }
  return node;
}
