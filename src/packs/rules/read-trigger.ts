import { type LoadTrigger, loadTriggers } from "../../core/model.js";
import type { RuleTriggers, TriggerMapping } from "./model.js";
import { ruleSlots, slotOf } from "./slots.js";

/** A native rule's load condition read back through a pack's rule_triggers. */
export interface ReversedTrigger {
  /** Best first; more than one when the client writes them alike (a file without conditions, say). */
  triggers: LoadTrigger[];
  globs: string[];
  description?: string;
  /** Frontmatter keys the mapping does not explain (no neutral equivalent). */
  unused: string[];
  /** False when no mapping of the pack matches, so always_on was taken. */
  matched: boolean;
}

const globsSlot = ruleSlots.globs;
const descriptionSlot = ruleSlots.description;

/**
 * The trigger whose mapping the frontmatter fits best: every literal field of the mapping holds (a field
 * the file leaves out counts with the pack's default_fields) and every slot field is there, then the best
 * score below. The description and globs come from whichever field a mapping fills from them.
 */
export function reverseTrigger(values: Record<string, unknown>, triggers: RuleTriggers): ReversedTrigger {
  const filled = { ...(triggers.default_fields ?? {}), ...values };
  const candidates = loadTriggers.flatMap((trigger) => {
    const mapping = triggers.map[trigger];
    return mapping && literalsHold(mapping, filled) ? [{ trigger, mapping }] : [];
  });
  const ranked = candidates.sort((a, b) => score(b.mapping, values) - score(a.mapping, values));
  const best = ranked[0];
  const alike = ranked.filter((c) => best && sameFields(c.mapping, best.mapping)).map((c) => c.trigger);
  const trigger = best?.trigger ?? "always_on";
  const globKeys = slotKeys(triggers, globsSlot);
  const descriptionKeys = slotKeys(triggers, descriptionSlot);
  const globs = trigger === "glob" ? globList(firstValue(values, globKeys)) : [];
  const description = firstValue(values, descriptionKeys);
  const explained = new Set([
    ...Object.keys(best?.mapping.fields ?? {}).filter((key) => !isSlot(best?.mapping.fields[key])),
    ...(trigger === "glob" ? globKeys : []),
    ...(typeof description === "string" ? descriptionKeys : []),
  ]);
  return {
    triggers: alike.length > 0 ? alike : ["always_on"],
    globs,
    ...(typeof description === "string" && description.trim() !== ""
      ? { description: description.trim() }
      : {}),
    unused: Object.keys(values).filter((key) => !explained.has(key) && !isEmpty(values[key])),
    matched: best !== undefined,
  };
}

/** A field written without a value (`description:`, `globs: []`): nothing of it is left out. */
function isEmpty(value: unknown): boolean {
  return (
    value === null ||
    value === undefined ||
    (typeof value === "string" && value.trim() === "") ||
    (Array.isArray(value) && value.length === 0)
  );
}

/** Two mappings a reader cannot tell apart: the same fields with the same literals. */
function sameFields(a: TriggerMapping, b: TriggerMapping): boolean {
  const keys = (m: TriggerMapping) =>
    JSON.stringify(Object.entries(m.fields).sort(([x], [y]) => (x < y ? -1 : 1)));
  return keys(a) === keys(b);
}

/**
 * Every literal of the mapping holds, and every field it fills from the rule is there to fill it. A file
 * without frontmatter fits a mapping that writes only the description (a rule without one is written bare).
 */
function literalsHold(mapping: TriggerMapping, values: Record<string, unknown>): boolean {
  const fields = Object.entries(mapping.fields);
  if (Object.keys(values).length === 0 && fields.every(([, v]) => v === descriptionSlot)) return true;
  return fields.every(([key, expected]) =>
    isSlot(expected) ? values[key] !== undefined : sameValue(values[key], expected),
  );
}

/**
 * A literal the file writes weighs more than a slot it fills (an always_on literal `"**"` is always_on,
 * not a glob of everything); between equals, a mapping without deviation, then one that keeps the globs.
 */
function score(mapping: TriggerMapping, values: Record<string, unknown>): number {
  const present = Object.entries(mapping.fields).filter(([key]) => values[key] !== undefined);
  const literals = present.filter(([, value]) => !isSlot(value)).length;
  const slots = present.length - literals;
  const keepsGlobs = present.some(([, value]) => value === globsSlot) ? 0.5 : 0;
  return literals * 3 + slots * 2 + (mapping.deviation ? 0 : 1) + keepsGlobs;
}

/** A raw field is text: "false" equals false, "**" equals "**". */
function sameValue(actual: unknown, expected: unknown): boolean {
  if (actual === undefined) return false;
  return actual === expected || String(actual).trim() === String(expected);
}

function isSlot(value: unknown): boolean {
  return slotOf(value) !== undefined;
}

function slotKeys(triggers: RuleTriggers, slot: string): string[] {
  const keys = Object.values(triggers.map).flatMap((mapping) =>
    Object.entries(mapping?.fields ?? {}).flatMap(([key, value]) => (value === slot ? [key] : [])),
  );
  return [...new Set(keys)];
}

function firstValue(values: Record<string, unknown>, keys: string[]): unknown {
  return keys.map((key) => values[key]).find((value) => value !== undefined);
}

/** The frontmatter keys a pack fills from a rule's globs (`paths`, `globs`, `applyTo`, `fileMatchPattern`). */
export function globKeys(triggers: RuleTriggers): string[] {
  return slotKeys(triggers, globsSlot);
}

/**
 * Globs in every form the clients take (docs/import.md, "Globs in every form"): a YAML list; the raw text of
 * a field (a block list below the key, a flow or JSON array `["**\/*.py"]`, a quoted string, an unquoted
 * `*.ts`); one string of globs separated by commas outside brace groups (`src/**\/*.{ts,tsx}` is one glob).
 * Quotes around an entry are the writer's, not the glob's.
 */
export function globList(value: unknown): string[] {
  if (Array.isArray(value))
    return value.flatMap((g) => (typeof g === "string" ? commaGlobs(unquoted(g)) : []));
  if (typeof value !== "string") return [];
  const text = value.trim();
  if (value.startsWith("\n") || text.startsWith("- ") || text === "-")
    return text
      .split("\n")
      .map((line) => line.trim())
      .filter((line) => line.startsWith("-"))
      .flatMap((line) => commaGlobs(unquoted(line.slice(1).trim())));
  if (text.startsWith("[") && text.endsWith("]"))
    return splitOutsideBraces(text.slice(1, -1)).flatMap((entry) => commaGlobs(unquoted(entry)));
  return commaGlobs(unquoted(text));
}

/** A quoted entry's text ('…' or "…", as YAML and JSON write them); an unquoted one as it is. */
function unquoted(entry: string): string {
  const text = entry.trim();
  const quote = text[0];
  if ((quote === '"' || quote === "'") && text.length >= 2 && text.endsWith(quote)) {
    const inner = text.slice(1, -1);
    return quote === "'" ? inner.replaceAll("''", "'") : inner.replace(/\\(.)/g, "$1");
  }
  return text;
}

function commaGlobs(value: string): string[] {
  return splitOutsideBraces(value)
    .map((g) => unquoted(g))
    .filter((g) => g !== "");
}

/** Parts of a text separated by commas outside brace groups and quotes. */
function splitOutsideBraces(value: string): string[] {
  const globs: string[] = [];
  let depth = 0;
  let current = "";
  let quote = "";
  for (const char of value) {
    if (quote === "" && (char === '"' || char === "'")) quote = char;
    else if (char === quote) quote = "";
    if (char === "{") depth++;
    if (char === "}") depth = Math.max(0, depth - 1);
    if (char === "," && depth === 0 && quote === "") {
      globs.push(current);
      current = "";
    } else current += char;
  }
  globs.push(current);
  return globs.map((g) => g.trim()).filter((g) => g !== "");
}
