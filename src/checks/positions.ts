import type { Position } from "../diagnostics/diagnostic.js";
import type { JsonPath } from "../documents/json-document.js";
import type { ResolvedAdapter } from "../registry/model.js";

export { ruleTextPosition } from "../registry/rules/rule-position.js";

/** Where a field of an adapter is written; falls back to the adapter object when the field is inherited. */
export function adapterFieldPosition(resolved: ResolvedAdapter, path: JsonPath): Position {
  return resolved.origin.document.positionOf([...resolved.origin.path, ...path]);
}

/** How messages name an adapter: its id, and its display name when it has one. */
export function adapterLabel(resolved: ResolvedAdapter): string {
  const name = resolved.adapter.name;
  return name ? `"${resolved.adapter.id}" (${name})` : `"${resolved.adapter.id}"`;
}
