import { getNodeValue, type Node } from "jsonc-parser";
import { LineIndex } from "../diagnostics/positions.js";
import { pathText } from "./conflicts.js";
import type { Found, KeyPath } from "./model.js";
import type { DocumentView } from "./ownership-plan.js";
import { valueHash } from "./value-hash.js";

/** How far a path reaches into a parsed JSON tree. */
export interface Walk {
  /** The value node at the full path, when it exists. */
  node?: Node;
  /** The property node holding `node`. */
  property?: Node;
  /** The deepest object reached and how many path segments lead to it. */
  container: Node;
  depth: number;
  /** Set when a value on the way is not an object. */
  blocker?: { node: Node; depth: number };
}

export function lastMatch(nodes: Node[] | undefined, test: (node: Node) => boolean): Node | undefined {
  for (let i = (nodes?.length ?? 0) - 1; i >= 0; i--) {
    const node = nodes?.[i];
    if (node && test(node)) return node;
  }
  return undefined;
}

/** Follows object keys; the last of duplicate keys counts, as in JSON.parse. */
export function walk(root: Node, path: KeyPath): Walk {
  let current = root;
  for (let depth = 0; depth < path.length; depth++) {
    if (current.type !== "object") return { container: current, depth, blocker: { node: current, depth } };
    const property = lastMatch(current.children, (p) => p.children?.[0]?.value === path[depth]);
    const value = property?.children?.[1];
    if (!property || !value) return { container: current, depth };
    if (depth === path.length - 1) return { node: value, property, container: current, depth };
    current = value;
  }
  return { node: root, container: root, depth: 0 };
}

const kindOf = (node: Node): string => (node.type === "null" ? "null" : `a ${node.type}`);

export function jsonView(text: string, root: Node): DocumentView {
  const lines = new LineIndex("", text);
  const at = (node: Node) => {
    const { line, column } = lines.position(node.offset);
    return { line, column };
  };
  const blockedBy = (path: KeyPath, node: Node, depth: number, expected: string): Found => ({
    state: "blocked",
    reason: `${pathText(path.slice(0, depth))} is ${kindOf(node)}, not ${expected}`,
    ...at(node),
  });
  return {
    key(path) {
      const reached = walk(root, path);
      if (reached.blocker) return blockedBy(path, reached.blocker.node, reached.blocker.depth, "an object");
      if (!reached.node) return { state: "missing" };
      return {
        state: "present",
        hash: valueHash(getNodeValue(reached.node)),
        ...at(reached.property ?? reached.node),
      };
    },
    element(path, hash) {
      const reached = walk(root, path);
      if (reached.blocker) return blockedBy(path, reached.blocker.node, reached.blocker.depth, "an object");
      if (!reached.node) return { state: "missing" };
      if (reached.node.type !== "array") return blockedBy(path, reached.node, path.length, "an array");
      const element = reached.node.children?.find((child) => valueHash(getNodeValue(child)) === hash);
      return element ? { state: "present", hash, ...at(element) } : { state: "missing" };
    },
    text(path, hash) {
      const reached = walk(root, path);
      const node =
        hash === undefined
          ? reached.node
          : lastMatch(reached.node?.children, (child) => valueHash(getNodeValue(child)) === hash);
      return node && text.slice(node.offset, node.offset + node.length);
    },
  };
}
