import { globList } from "../../packs/rules/read-trigger.js";
import type { Adapter, Slot } from "../../registry/model.js";
import { templateLines } from "./frontmatter-template.js";

/** A rule adapter's frontmatter template read backwards: what each key of a native rule file says. */
export interface TemplateReading {
  globs: string[];
  description?: string;
  /** The file is always on (`alwaysApply: true`, or a template without a glob slot or a description). */
  alwaysOn: boolean;
  /** Keys the template has no line for, or whose literal the file contradicts. */
  unused: string[];
}

const slotOf = /^\{([A-Za-z_]+)\}$/;

/** Template line → key, and the slot or the literal it writes. */
function templateKeys(adapter: Adapter): Map<string, { slot?: Slot; literal?: string }> {
  const keys = new Map<string, { slot?: Slot; literal?: string }>();
  for (const line of templateLines(adapter)) {
    const match = /^([A-Za-z_][A-Za-z0-9_-]*):\s*(.*)$/.exec(line.trim());
    if (!match?.[1]) continue;
    const slot = slotOf.exec((match[2] ?? "").trim())?.[1] as Slot | undefined;
    keys.set(match[1], slot ? { slot } : { literal: (match[2] ?? "").trim() });
  }
  return keys;
}

/** The fields of a native rule file as the adapter's template writes them. */
export function reverseTemplate(adapter: Adapter, values: Record<string, unknown>): TemplateReading {
  const keys = templateKeys(adapter);
  const reading: TemplateReading = { globs: [], alwaysOn: false, unused: [] };
  for (const [key, value] of Object.entries(values)) {
    const line = keys.get(key);
    if (!line || (line.literal !== undefined && String(value) !== line.literal)) reading.unused.push(key);
    else if (line.slot === "globs" || line.slot === "globs_yaml" || line.slot === "globs_csv")
      reading.globs = globList(value);
    else if (line.slot === "description" && typeof value === "string") reading.description = value;
    else if (line.slot === "alwaysApply") reading.alwaysOn = value === true || value === "true";
  }
  if (reading.globs.length === 0 && reading.description === undefined) reading.alwaysOn = true;
  return reading;
}

/** The keys a raw slot fills, which a YAML reader cannot take (unquoted glob lists). */
export function rawKeys(adapter: Adapter): string[] {
  const raw = new Set<string>(adapter.raw_slots ?? []);
  return [...templateKeys(adapter)].flatMap(([key, line]) => (line.slot && raw.has(line.slot) ? [key] : []));
}
