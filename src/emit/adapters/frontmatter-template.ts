import type { Adapter, Slot } from "../../registry/model.js";
import { knownSlots, type SlotInput, type SlotKey, slotKey, slotValues } from "./slot-values.js";

export { csvGlobs, expandBraces } from "../../shared/globs/csv-globs.js";
export { knownSlots, type SlotInput } from "./slot-values.js";

export const slotPattern = /\{([A-Za-z_]+)\}/g;

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
  /** Each slot's key for the adapter's raw_slots, or unknownSlot for a name that is no slot. */
  keys: SlotKey[];
  /** A line without slots, as written out (trimmed, with its newline). */
  whole: string;
}

const unknownSlot = -1;

interface ParsedTemplate {
  frontmatter: Adapter["frontmatter"];
  rawSlots: Adapter["raw_slots"];
  lines: TemplateLine[];
}

/** Templates parsed once per adapter object (every rule of a build renders the same few templates). */
const parsedTemplates = new WeakMap<Adapter, ParsedTemplate>();

function parsedTemplate(adapter: Adapter): ParsedTemplate {
  const cached = parsedTemplates.get(adapter);
  if (cached && cached.frontmatter === adapter.frontmatter && cached.rawSlots === adapter.raw_slots)
    return cached;
  const raw = new Set(adapter.raw_slots ?? []);
  const parsed: ParsedTemplate = {
    frontmatter: adapter.frontmatter,
    rawSlots: adapter.raw_slots,
    lines: templateLines(adapter).map((text) => cutAtSlots(text, raw)),
  };
  parsedTemplates.set(adapter, parsed);
  return parsed;
}

function cutAtSlots(text: string, raw: Set<Slot>): TemplateLine {
  const literals: string[] = [];
  const slots: string[] = [];
  let from = 0;
  for (const match of text.matchAll(slotPattern)) {
    literals.push(text.slice(from, match.index));
    slots.push(match[1] ?? "");
    from = (match.index ?? 0) + match[0].length;
  }
  literals.push(text.slice(from));
  const keys = slots.map((name) => {
    const slot = knownSlots.find((known) => known === name);
    return slot ? slotKey(slot, raw.has(slot)) : unknownSlot;
  });
  const whole = `${text.includes("\n") ? text.split("\n").map(trimEnd).join("\n") : text.trimEnd()}\n`;
  return { literals, slots, keys, whole };
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
  let out = "";
  for (const line of template.lines) {
    if (line.keys.length === 0) {
      out += line.whole;
      continue;
    }
    if (line.keys.every((key) => key < 0 || values.get(key) === undefined)) continue;
    let filled = line.literals[0] ?? "";
    for (let i = 0; i < line.keys.length; i++) {
      const key = line.keys[i] ?? unknownSlot;
      filled += key === unknownSlot ? `{${line.slots[i]}}` : (values.get(key) ?? "");
      filled += line.literals[i + 1] ?? "";
    }
    out += filled.includes("\n") ? filled.split("\n").map(trimEnd).join("\n") : filled.trimEnd();
    out += "\n";
  }
  return out === "" ? "\n" : out;
}

const trimEnd = (line: string): string => line.trimEnd();
