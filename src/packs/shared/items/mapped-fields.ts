import type { CoreMarkdown } from "../../../core/model.js";
import type { Diagnostic } from "../../../diagnostics/diagnostic.js";
import { unmappedFieldFinding } from "../checks/client-cannot-express.js";
import type { ItemEmitContext } from "./emit-context.js";
import type { Fields, FieldValue } from "./frontmatter.js";

/**
 * Neutral frontmatter values under the client's field names, in the order given. A value the item
 * sets but the pack has no field for is reported at its key and not written. Left out
 * silently: "name" (the client names the item by its path) and model "inherit" (every client's default).
 */
export function mappedFields<Neutral extends string>(
  ctx: ItemEmitContext,
  item: { label: string; source: CoreMarkdown },
  values: [Neutral, FieldValue | undefined][],
  fieldMap: Partial<Record<Neutral, string>>,
  diagnostics: Diagnostic[],
): Fields {
  return values.flatMap(([neutral, value]): Fields => {
    if (value === undefined) return [];
    const field = fieldMap[neutral];
    if (field) return [[field, value]];
    if (neutral !== "name" && !(neutral === "model" && value === "inherit"))
      diagnostics.push(
        unmappedFieldFinding(item.label, neutral, ctx.pack, item.source.positionOf([neutral], "key")),
      );
    return [];
  });
}
