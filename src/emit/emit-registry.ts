import type { Diagnostic } from "../diagnostics/diagnostic.js";
import type { Registry } from "../registry/model.js";
import { emitAdapter } from "./emit-adapter.js";
import type { EmittedTree } from "./emitted-tree.js";

/** Pure: the whole registry × every adapter → the emitted tree. */
export function emitRegistry(registry: Registry): { tree: EmittedTree; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const files = registry.adapters.flatMap(({ adapter }) => {
    const out = emitAdapter(adapter, registry);
    diagnostics.push(...out.diagnostics);
    return out.files;
  });
  return { tree: { files, composed: [] }, diagnostics };
}
