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

interface ParsedTemplate {
  frontmatter: Adapter["frontmatter"];
  rawSlots: Adapter["raw_slots"];
  lines: { text: string; slots: Slot[] }[];
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
  const lines = templateLines(adapter).map((text) => ({
    text,
    slots: [...text.matchAll(slotPattern)].map((m) => m[1] as Slot),
  }));
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

/**
 * Fills the template. A line whose slots all have no value (no globs, no description) is left out;
 * every value is YAML-quoted unless the adapter lists the slot in raw_slots.
 */
export function renderFrontmatter(adapter: Adapter, input: SlotInput): string {
  const template = parsedTemplate(adapter);
  if (template.lines.length === 0) return "";
  const values: Partial<Record<Slot, string>> = {};
  for (const slot of template.used) {
    const value = slotValue(slot, input, template.raw);
    if (value !== undefined) values[slot] = value;
  }
  const out: string[] = [];
  for (const line of template.lines) {
    if (line.slots.length > 0 && line.slots.every((s) => values[s] === undefined)) continue;
    const filled = line.text.replace(
      slotPattern,
      (whole, name: string) => values[name as Slot] ?? (knownSlots.includes(name as Slot) ? "" : whole),
    );
    out.push(...filled.split("\n").map((l) => l.trimEnd()));
  }
  return `${out.join("\n")}\n`;
}

function slotValue(slot: Slot, input: SlotInput, raw: Set<Slot>): string | undefined {
  const has = input.globs.length > 0;
  switch (slot) {
    case "alwaysApply":
      return String(input.alwaysApply);
    case "slug":
      return yamlScalar(input.slug);
    case "globs":
      return has ? yamlFlowList(input.globs) : undefined;
    case "globs_yaml":
      return has ? yamlBlockList(input.globs) : undefined;
    case "globs_csv":
      if (!has) return undefined;
      return raw.has("globs_csv") ? csvGlobs(input.globs) : yamlScalar(csvGlobs(input.globs));
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
