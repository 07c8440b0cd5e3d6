import { canonicalJson } from "../../compose/value-hash.js";

export type KeyPath = (string | number)[];

/** One reading of a value through a pack's template: the slots' values, and what the template lacks. */
export interface Unfilled {
  slots: Record<string, unknown>;
  /** Paths (inside the value) of keys the template has no place for. */
  extra: KeyPath[];
  /** Set when the value contradicts a literal of the template (`"type": "prompt"` where it says "command"). */
  mismatch?: string;
}

const wholeSlot = /^\{([a-z_]+)\}$/;
const innerSlot = /\{([a-z_]+)\}/g;

/**
 * The reverse of fillTemplate (src/packs/shared/template-slots.ts). A template array of one element reads
 * every element of the value's array, so a client entry holding two commands gives two readings. A
 * literal the value leaves out is no mismatch: the build writes it back (and the round trip says so).
 */
export function unfill(template: unknown, value: unknown, path: KeyPath = []): Unfilled[] {
  if (typeof template === "string") return [stringSlots(template, value, path)];
  if (Array.isArray(template)) return arraySlots(template, value, path);
  if (template !== null && typeof template === "object")
    return objectSlots(template as Record<string, unknown>, value, path);
  return [canonicalJson(template) === canonicalJson(value) ? empty() : mismatch(template, value, path)];
}

function stringSlots(template: string, value: unknown, path: KeyPath): Unfilled {
  const whole = wholeSlot.exec(template);
  if (whole) return { slots: { [whole[1] ?? ""]: value }, extra: [] };
  const names = [...template.matchAll(innerSlot)].map((m) => m[1] ?? "");
  if (names.length === 0) return template === value ? empty() : mismatch(template, value, path);
  if (typeof value !== "string") return mismatch(template, value, path);
  const pattern = template
    .split(innerSlot)
    .map((part, i) => (i % 2 === 1 ? "(.*)" : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
    .join("");
  const match = new RegExp(`^${pattern}$`, "s").exec(value);
  if (!match) return mismatch(template, value, path);
  return { slots: Object.fromEntries(names.map((name, i) => [name, match[i + 1]])), extra: [] };
}

function arraySlots(template: unknown[], value: unknown, path: KeyPath): Unfilled[] {
  if (!Array.isArray(value)) return [mismatch(template, value, path)];
  if (template.length !== 1)
    return [canonicalJson(template) === canonicalJson(value) ? empty() : mismatch(template, value, path)];
  return value.flatMap((element, index) => unfill(template[0], element, [...path, index]));
}

function objectSlots(template: Record<string, unknown>, value: unknown, path: KeyPath): Unfilled[] {
  if (value === null || typeof value !== "object" || Array.isArray(value))
    return [mismatch(template, value, path)];
  const object = value as Record<string, unknown>;
  const extra = Object.keys(object)
    .filter((key) => !(key in template))
    .map((key) => [...path, key]);
  let readings: Unfilled[] = [{ slots: {}, extra }];
  for (const [key, inner] of Object.entries(template)) {
    if (!(key in object)) continue;
    const children = unfill(inner, object[key], [...path, key]);
    readings = readings.flatMap((reading) => children.map((child) => merged(reading, child)));
  }
  return readings;
}

function merged(a: Unfilled, b: Unfilled): Unfilled {
  const why = a.mismatch ?? b.mismatch;
  return {
    slots: { ...a.slots, ...b.slots },
    extra: [...a.extra, ...b.extra],
    ...(why ? { mismatch: why } : {}),
  };
}

function empty(): Unfilled {
  return { slots: {}, extra: [] };
}

/** What contradicts the template, named by its key inside the value: `"enabled": false where the client's form is true`. */
function mismatch(template: unknown, value: unknown, path: KeyPath): Unfilled {
  const key = path.length > 0 ? `${JSON.stringify(path.join("."))}: ` : "";
  return {
    slots: {},
    extra: [],
    mismatch: `${key}${JSON.stringify(value)} where the client's form is ${JSON.stringify(template)}`,
  };
}
