/**
 * Fills a pack's JSON template: a string that is exactly "{slot}" becomes the slot's value (any
 * type); a slot with no value drops its key (or array element); "{slot}" inside a longer string is
 * replaced by the value's text.
 */
export function fillTemplate(template: unknown, values: Record<string, unknown>): unknown {
  return fill(template, values);
}

const noValue = Symbol("no value");
const wholeSlot = /^\{([a-z_]+)\}$/;
const innerSlot = /\{([a-z_]+)\}/g;

function fill(template: unknown, values: Record<string, unknown>): unknown {
  if (typeof template === "string") return fillString(template, values);
  if (Array.isArray(template)) return template.map((t) => fill(t, values)).filter((v) => v !== noValue);
  if (template === null || typeof template !== "object") return template;
  const filled: [string, unknown][] = [];
  for (const [key, inner] of Object.entries(template)) {
    const value = fill(inner, values);
    if (value !== noValue) filled.push([key, value]);
  }
  return Object.fromEntries(filled);
}

function fillString(text: string, values: Record<string, unknown>): unknown {
  const whole = wholeSlot.exec(text);
  if (whole) return slotValue(values, whole[1] ?? "");
  let missing = false;
  const replaced = text.replace(innerSlot, (slot, name: string) => {
    const value = slotValue(values, name);
    if (value === noValue) missing = true;
    return value === noValue ? slot : String(value);
  });
  return missing ? noValue : replaced;
}

/** Empty lists and objects count as no value, so a template never writes `"args": []`. */
function slotValue(values: Record<string, unknown>, name: string): unknown {
  const value = values[name];
  if (value === undefined) return noValue;
  if (Array.isArray(value) && value.length === 0) return noValue;
  if (value !== null && typeof value === "object" && Object.keys(value).length === 0) return noValue;
  return value;
}

/** The slot names a template uses anywhere. */
export function slotsOf(template: unknown): Set<string> {
  return new Set(slotUses(template).map((use) => use.slot));
}

/** Every slot a template names, with the path (below the template) of the string that names it. */
export function slotUses(
  template: unknown,
  path: (string | number)[] = [],
): { slot: string; path: (string | number)[] }[] {
  if (typeof template === "string")
    return [...template.matchAll(innerSlot)].map((m) => ({ slot: m[1] ?? "", path }));
  if (Array.isArray(template)) return template.flatMap((value, i) => slotUses(value, [...path, i]));
  if (template === null || typeof template !== "object") return [];
  return Object.entries(template).flatMap(([key, value]) => slotUses(value, [...path, key]));
}
