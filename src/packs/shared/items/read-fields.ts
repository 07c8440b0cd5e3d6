import type { Verb } from "../../../core/model.js";
import type { Position } from "../../../diagnostics/diagnostic.js";
import { type ItemFile, type ItemReadContext, leftOut } from "./read-context.js";
import { deniedNames, toolNames, verbsOf } from "./tool-names.js";

export type { ItemFile };

type VerbNames = Partial<Record<Verb, string[]>>;

/** How one client writes an item's frontmatter: the pack's format read backwards. */
export interface FieldSpec {
  /** Neutral field → the client's field. */
  fields: Partial<Record<string, string>>;
  tools?: { field: string | null; names: VerbNames };
  deny?: { field: string | null | undefined; names: VerbNames };
  modelInvocation?: { field: string | null; value: boolean };
  userInvocation?: string | null;
  /** A field holding the core's triggers list as it is (user, model). */
  triggers?: string | null;
  /**
   * The pack's read-only mode (`readonly: true`), which the build derives from an agent's tools:
   * it names no tools itself, so it is read as known and the tools come from another assistant's file.
   */
  readOnly?: { field: string; value: string | boolean };
  /** The field of the item's own permission rules (agent_frontmatter / skill_frontmatter permissions). */
  permissions?: string;
}

export interface ReadFields {
  /** Neutral field → value (strings, and metadata as a string map). */
  neutral: Record<string, string | Record<string, string>>;
  tools?: Verb[];
  deny?: Verb[];
  /** The model may not start it (skills); undefined when the client has no field that could say so. */
  userOnly?: boolean;
  /** The person may not start it (skills); undefined when the client has no field that could say so. */
  modelOnly?: boolean;
  /** With `deferUnmapped`: the fields the spec has no neutral place for, said once readings are merged. */
  unmapped?: UnmappedField[];
}

/** A frontmatter field one pack has no neutral place for (another pack reading the same file may have). */
export interface UnmappedField {
  key: string;
  position: Position;
  message: string;
}

/**
 * Every field of the file through the spec; a field the spec cannot read back is reported and left out, or,
 * with `deferUnmapped`, returned as `unmapped` for the caller to report once the readings are merged. A
 * `name` the spec has no place for that says the item's own name (`ownName`, the file's or folder's) loses
 * nothing: the core names the item so too.
 */
export function reverseFields(
  ctx: ItemReadContext,
  item: ItemFile,
  spec: FieldSpec,
  { deferUnmapped = false, ownName }: { deferUnmapped?: boolean; ownName?: string } = {},
): ReadFields {
  const neutralOf = new Map(Object.entries(spec.fields).map(([neutral, client]) => [client, neutral]));
  const out: ReadFields = {
    neutral: {},
    ...(spec.modelInvocation?.field ? { userOnly: false } : {}),
    ...(spec.userInvocation || spec.triggers ? { modelOnly: false } : {}),
    ...(spec.triggers ? { userOnly: false } : {}),
  };
  for (const [key, value] of Object.entries(item.values)) {
    const neutral = neutralOf.get(key);
    if (neutral !== undefined) neutralValue(ctx, item, key, neutral, value, out);
    else if (key === spec.tools?.field) out.tools = verbList(ctx, item, key, value, spec.tools.names);
    else if (key === spec.deny?.field)
      out.deny = verbList(ctx, item, key, deniedNames(value), spec.deny.names);
    else if (key === spec.modelInvocation?.field && value === spec.modelInvocation.value) out.userOnly = true;
    else if (key === spec.userInvocation && value === false) out.modelOnly = true;
    // the client's default written out (`disable-model-invocation: false`, `user-invocable: true`): both may
    // start the item, which the core says by giving it no triggers
    else if (key === spec.modelInvocation?.field && value === !spec.modelInvocation.value) continue;
    else if (key === spec.userInvocation && value === true) continue;
    else if (key === spec.triggers && triggersList(value)) Object.assign(out, onlyOf(triggersList(value)));
    else if (key === spec.readOnly?.field && value === spec.readOnly.value) continue;
    else if (key === "name" && value === ownName) continue;
    else if (key === spec.permissions)
      leftOut(
        ctx,
        item.positionOf(key),
        `"${key}" of ${item.file} holds the item's own permission rules, which import does not read back yet: not imported`,
      );
    else if (deferUnmapped) out.unmapped = [...(out.unmapped ?? []), unmappedField(item, key)];
    else unmapped(ctx, item, key);
  }
  return out;
}

function neutralValue(
  ctx: ItemReadContext,
  item: ItemFile,
  key: string,
  neutral: string,
  value: unknown,
  out: ReadFields,
): void {
  if (neutral === "metadata" && isStringMap(value)) out.neutral.metadata = value;
  else if (typeof value === "string" || typeof value === "number") out.neutral[neutral] = String(value);
  else
    leftOut(
      ctx,
      item.positionOf(key),
      `"${key}" of ${item.file} is not text, as ${neutral} must be: not imported`,
    );
}

function verbList(
  ctx: ItemReadContext,
  item: ItemFile,
  key: string,
  value: unknown,
  names: VerbNames,
): Verb[] {
  const { verbs, unknown } = verbsOf(toolNames(value), names);
  for (const name of unknown)
    leftOut(
      ctx,
      item.positionOf(key),
      `tool "${name}" in "${key}" of ${item.file} names no neutral verb ${ctx.assistant} maps: not imported`,
    );
  return verbs;
}

function unmapped(ctx: ItemReadContext, item: ItemFile, key: string): void {
  const { position, message } = unmappedField(item, key);
  leftOut(ctx, position, message);
}

function unmappedField(item: ItemFile, key: string): UnmappedField {
  return {
    key,
    position: item.positionOf(key),
    message: `"${key}" of ${item.file} has no neutral equivalent: not imported`,
  };
}

function isStringMap(value: unknown): value is Record<string, string> {
  return (
    value !== null &&
    typeof value === "object" &&
    !Array.isArray(value) &&
    Object.values(value).every((v) => typeof v === "string")
  );
}

/** A triggers list of the core's own words, or undefined. */
function triggersList(value: unknown): string[] | undefined {
  if (!Array.isArray(value) || value.length === 0) return undefined;
  return value.every((v) => v === "user" || v === "model") ? (value as string[]) : undefined;
}

/** Who alone starts the item, from its triggers. */
function onlyOf(triggers: string[] | undefined): Pick<ReadFields, "userOnly" | "modelOnly"> {
  return { userOnly: !triggers?.includes("model"), modelOnly: !triggers?.includes("user") };
}

/** The file without one field, for the fields read generically. */
export function withoutField(item: ItemFile, field: string): ItemFile {
  const { [field]: _, ...values } = item.values;
  return { ...item, values };
}
