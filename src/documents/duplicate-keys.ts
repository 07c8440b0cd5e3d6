import { type Node, parseTree } from "jsonc-parser";
import type { Position } from "../diagnostics/diagnostic.js";
import { LineIndex } from "../diagnostics/positions.js";

export interface DuplicateKey {
  key: string;
  /** Where the later of the two is written. */
  position: Position;
}

/** Keys written twice in one JSON object (JSON.parse silently keeps the last one). */
export function duplicateKeys(file: string, text: string): DuplicateKey[] {
  const root = parseTree(text);
  if (!root) return [];
  const lines = new LineIndex(file, text);
  const found: DuplicateKey[] = [];
  const visit = (node: Node): void => {
    if (node.type === "object") found.push(...duplicatesIn(node, lines));
    for (const child of node.children ?? []) visit(child);
  };
  visit(root);
  return found;
}

function duplicatesIn(object: Node, lines: LineIndex): DuplicateKey[] {
  const seen = new Set<string>();
  const found: DuplicateKey[] = [];
  for (const property of object.children ?? []) {
    const keyNode = property.children?.[0];
    if (!keyNode || typeof keyNode.value !== "string") continue;
    if (seen.has(keyNode.value)) found.push({ key: keyNode.value, position: lines.position(keyNode.offset) });
    seen.add(keyNode.value);
  }
  return found;
}
