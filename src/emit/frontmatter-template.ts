import type { Adapter, Slot } from "../registry/model.js";
import { yamlBlockList, yamlFlowList, yamlScalar } from "./yaml-scalar.js";

export const knownSlots: readonly Slot[] = [
  "alwaysApply",
  "globs",
  "globs_yaml",
  "globs_csv",
  "description",
  "slug",
];
export const slotPattern = /\{([A-Za-z_]+)\}/g;

export interface SlotInput {
  alwaysApply: boolean;
  globs: string[];
  description?: string;
  slug: string;
}

export function templateLines(adapter: Adapter): string[] {
  const template = adapter.frontmatter;
  if (template === undefined) return [];
  const lines = Array.isArray(template) ? template : template.replace(/\r\n?/g, "\n").split("\n");
  while (lines.length > 0 && lines.at(-1) === "") lines.pop();
  return lines;
}

export function usesGlobSlot(adapter: Adapter): boolean {
  return templateLines(adapter).some((line) => /\{globs(?:_yaml|_csv)?\}/.test(line));
}

export function usesSlot(adapter: Adapter, slot: Slot): boolean {
  return templateLines(adapter).some((line) => line.includes(`{${slot}}`));
}

/** A template line cut at its slots: literals[0] slots[0] literals[1] ... slots[n-1] literals[n]. */
interface TemplateLine {
  literals: string[];
  slots: string[];
}

interface ParsedTemplate {
  frontmatter: Adapter["frontmatter"];
  rawSlots: Adapter["raw_slots"];
  lines: TemplateLine[];
  /** The known slots the template names: only their values are computed. */
  used: Slot[];
  raw: Set<Slot>;
}

/** Templates parsed once per adapter object (every rule of a build renders the same few templates). */
const parsedTemplates = new WeakMap<Adapter, ParsedTemplate>();

function parsedTemplate(adapter: Adapter): ParsedTemplate {
  const cached = parsedTemplates.get(adapter);
  if (cached && cached.frontmatter === adapter.frontmatter && cached.rawSlots === adapter.raw_slots)
    return cached;
  const lines = templateLines(adapter).map(cutAtSlots);
  const named = new Set(lines.flatMap((l) => l.slots));
  const parsed: ParsedTemplate = {
    frontmatter: adapter.frontmatter,
    rawSlots: adapter.raw_slots,
    lines,
    used: knownSlots.filter((slot) => named.has(slot)),
    raw: new Set(adapter.raw_slots ?? []),
  };
  parsedTemplates.set(adapter, parsed);
  return parsed;
}

function cutAtSlots(text: string): TemplateLine {
  const literals: string[] = [];
  const slots: string[] = [];
  let from = 0;
  for (const match of text.matchAll(slotPattern)) {
    literals.push(text.slice(from, match.index));
    slots.push(match[1] ?? "");
    from = (match.index ?? 0) + match[0].length;
  }
  literals.push(text.slice(from));
  return { literals, slots };
}

/**
 * Fills the template. A line whose slots all have no value (no globs, no description) is left out;
 * every value is YAML-quoted unless the adapter lists the slot in raw_slots. An unknown {name} stays as
 * written.
 */
export function renderFrontmatter(adapter: Adapter, input: SlotInput): string {
  const template = parsedTemplate(adapter);
  if (template.lines.length === 0) return "";
  const values = slotValues(input);
  const filledSlot = (slot: string): string | undefined =>
    template.used.includes(slot as Slot) ? values.get(slot as Slot, template.raw) : undefined;
  let out = "";
  for (const line of template.lines) {
    if (line.slots.length > 0 && line.slots.every((s) => filledSlot(s) === undefined)) continue;
    let filled = line.literals[0] ?? "";
    for (let i = 0; i < line.slots.length; i++) {
      const name = line.slots[i] ?? "";
      filled += filledSlot(name) ?? (knownSlots.includes(name as Slot) ? "" : `{${name}}`);
      filled += line.literals[i + 1] ?? "";
    }
    out += filled.includes("\n") ? filled.split("\n").map(trimEnd).join("\n") : filled.trimEnd();
    out += "\n";
  }
  return out === "" ? "\n" : out;
}

const trimEnd = (line: string): string => line.trimEnd();

/**
 * An input's slot values, each computed on first use: emit passes one input per rule to every adapter,
 * and the adapters' templates name the same few slots. The input's fields are kept with the values, so an
 * input changed in place is computed again.
 */
class SlotValues {
  readonly #values = new Map<string, string | undefined>();
  readonly #input: SlotInput;
  readonly #seen: SlotInput;

  constructor(input: SlotInput) {
    this.#input = input;
    this.#seen = { ...input, globs: [...input.globs] };
  }

  describes(input: SlotInput): boolean {
    const seen = this.#seen;
    return (
      input.alwaysApply === seen.alwaysApply &&
      input.slug === seen.slug &&
      input.description === seen.description &&
      sameList(input.globs, seen.globs)
    );
  }

  get(slot: Slot, raw: Set<Slot>): string | undefined {
    const key = raw.has(slot) ? `${slot}:raw` : slot;
    if (this.#values.has(key)) return this.#values.get(key);
    const value = slotValue(slot, this.#input, raw);
    this.#values.set(key, value);
    return value;
  }
}

const slotValueCache = new WeakMap<SlotInput, SlotValues>();

function slotValues(input: SlotInput): SlotValues {
  let values = slotValueCache.get(input);
  if (!values?.describes(input)) {
    values = new SlotValues(input);
    slotValueCache.set(input, values);
  }
  return values;
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function slotValue(slot: Slot, input: SlotInput, raw: Set<Slot>): string | undefined {
  switch (slot) {
    case "alwaysApply":
      return String(input.alwaysApply);
    case "slug":
      return yamlScalar(input.slug);
    case "globs":
      return input.globs.length > 0 ? yamlFlowList(input.globs) : undefined;
    case "globs_yaml":
      return input.globs.length > 0 ? yamlBlockList(input.globs) : undefined;
    case "globs_csv": {
      if (input.globs.length === 0) return undefined;
      return raw.has("globs_csv") ? csvGlobs(input.globs) : yamlScalar(csvGlobs(input.globs));
    }
    case "description": {
      const description = input.description?.replace(/\s*[\r\n\u2028\u2029]\s*/g, " ");
      if (!description) return undefined;
      return raw.has("description") ? description : yamlScalar(description);
    }
  }
}

/**
 * One comma-separated string of globs. Readers split it at every comma, so a brace group with commas
 * ("*.{ts,tsx}") is expanded into separate globs first.
 */
export function csvGlobs(globs: string[]): string {
  return [...new Set(globs.flatMap(expandBraces))].join(", ");
}

export function expandBraces(glob: string): string[] {
  const group = firstCommaGroup(glob);
  if (!group) return [glob];
  const before = glob.slice(0, group.open);
  const after = glob.slice(group.close + 1);
  return group.options.flatMap((option) => expandBraces(`${before}${option}${after}`));
}

/** The first top-level {a,b} group holding a comma: its bounds and its options (nested groups kept whole). */
function firstCommaGroup(glob: string): { open: number; close: number; options: string[] } | undefined {
  for (let open = glob.indexOf("{"); open >= 0; open = glob.indexOf("{", open + 1)) {
    if (isEscaped(glob, open)) continue;
    const options: string[] = [];
    let depth = 0;
    let start = open + 1;
    for (let i = open + 1; i < glob.length; i++) {
      const c = glob[i];
      if (isEscaped(glob, i)) continue;
      if (c === "{") depth++;
      else if (c === "}" && depth > 0) depth--;
      else if (c === "," && depth === 0) {
        options.push(glob.slice(start, i));
        start = i + 1;
      } else if (c === "}") {
        if (options.length === 0) break;
        return { open, close: i, options: [...options, glob.slice(start, i)] };
      }
    }
  }
  return undefined;
}

function isEscaped(text: string, index: number): boolean {
  let slashes = 0;
  for (let i = index - 1; i >= 0 && text[i] === "\\"; i--) slashes++;
  return slashes % 2 === 1;
}
