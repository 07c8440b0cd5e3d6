import type { Position } from "../../../diagnostics/diagnostic.js";
import type { PromiseKind } from "../capability.js";
import { packPath } from "../placeholders.js";
import {
  capability,
  emptyPart,
  type ItemEmitContext,
  noPlace,
  type PartEmission,
  placeBasis,
} from "./emit-context.js";
import { type Fields, yamlFrontmatter } from "./frontmatter.js";
import { tomlFile } from "./toml-file.js";

/** Where a pack writes one kind of core item: its folder (placeholders replaced) and the item format. */
export interface ItemPlace<Format> {
  dir: string;
  format: Format;
}

/** One kind of core item (rules, skills, agents, commands) as a pack writes it, with what its writer reads. */
export interface ItemKind<Item, Format, Ctx extends ItemEmitContext = ItemEmitContext> {
  /** The pack field of the folder, in words: "skills dir". */
  place: string;
  /** The folder and format the pack gives the kind; undefined where it has no place for it. */
  placeOf(pack: Ctx["pack"]): { dir: string | null; format: Format | undefined };
  /** The promise that is not kept for an item where the pack has no place for the kind. */
  unplaced(item: Item): { kind: PromiseKind; promise: string; source: Position };
  /** Writes one item's files, and its capability rows and findings, into `out`. */
  write(ctx: Ctx, item: Item, place: ItemPlace<Format>, out: PartEmission): void;
}

/** Every item through its kind; an item the pack has no place for is one "cannot" row naming the null field. */
export function emitItems<Item, Format, Ctx extends ItemEmitContext>(
  ctx: Ctx,
  items: readonly Item[],
  kind: ItemKind<Item, Format, Ctx>,
): PartEmission {
  const out = emptyPart();
  const { dir, format } = kind.placeOf(ctx.pack);
  for (const item of items) {
    if (dir === null || !format) {
      const { kind: promiseKind, promise, source } = kind.unplaced(item);
      const reason = noPlace(ctx, kind.place);
      out.capabilities.push(
        capability(ctx, promiseKind, promise, source, "cannot", reason, placeBasis(kind.place)),
      );
      continue;
    }
    kind.write(ctx, item, { dir: packPath(dir, ctx.pack.runtime_placeholders), format }, out);
  }
  return out;
}

/** An item file: YAML frontmatter above the body, or (`toml`) the fields and the body under `body_field`. */
export function itemText(
  format: { format?: "markdown" | "toml"; body_field?: string },
  fields: Fields,
  body: string,
): string {
  return format.format === "toml"
    ? tomlFile(fields, format.body_field ?? "prompt", body)
    : `${yamlFrontmatter(fields)}${body}`;
}
