import { type Node, parseTree } from "jsonc-parser";
import { walk } from "./json-view.js";
import type { KeyPath } from "./model.js";
import type { Step } from "./ownership-plan.js";
import { stepPath } from "./run-plan.js";

const samePath = (a: KeyPath, b: KeyPath): boolean => a.length === b.length && a.every((s, i) => s === b[i]);

/**
 * The objects and arrays a step creates around its value: the missing prefixes of its path (for an
 * appended element, the array too). These are agentc's, removed again once empty (docs/compose.md).
 */
export function containersCreatedBy(root: Node, step: Step): KeyPath[] {
  if (step.op !== "set" && step.op !== "append") return [];
  const path = stepPath(step);
  const reached = walk(root, path);
  if (reached.blocker || reached.node) return [];
  const last = step.op === "append" ? path.length : path.length - 1;
  const created: KeyPath[] = [];
  for (let length = reached.depth + 1; length <= last; length++) created.push(path.slice(0, length));
  return created;
}

/** Adds paths not yet listed, keeping the first occurrence's order. */
export function addPaths(into: KeyPath[], paths: KeyPath[]): void {
  for (const path of paths) if (!into.some((known) => samePath(known, path))) into.push(path);
}

/** An object or array with nothing in it, not even a comment or a blank line's worth of text. */
export function isEmptyContainer(text: string, root: Node, path: KeyPath): boolean {
  const node = walk(root, path).node;
  if (!node || (node.type !== "object" && node.type !== "array") || (node.children?.length ?? 0) > 0)
    return false;
  return /^\s*$/.test(text.slice(node.offset + 1, node.offset + node.length - 1));
}

/** The recorded containers still present in the text, as objects or arrays. */
export function presentContainers(text: string, containers: KeyPath[]): KeyPath[] {
  const root = parseTree(text, [], { allowTrailingComma: true, disallowComments: false });
  if (!root) return [];
  return containers.filter((path) => {
    const node = walk(root, path).node;
    return node !== undefined && (node.type === "object" || node.type === "array");
  });
}
