/** Values for a host's JSON templates ("{name}", "./{name}"). */
export type Slots = Record<string, unknown>;

const wholeSlot = /^\{([a-z0-9_]+)\}$/;
const innerSlot = /\{([a-z0-9_]+)\}/g;

/**
 * A template filled: a string that is exactly "{slot}" becomes the slot's value, "{slot}" inside a string
 * is replaced by its text; a key whose slot has no value is left out, and so is an object left empty.
 */
export function fillTemplate(template: unknown, slots: Slots): unknown {
  if (typeof template === "string") return fillString(template, slots);
  if (Array.isArray(template))
    return template.map((t) => fillTemplate(t, slots)).filter((v) => v !== undefined);
  if (template === null || typeof template !== "object") return template;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(template)) {
    const filled = fillTemplate(value, slots);
    if (filled === undefined || isEmptyObject(filled)) continue;
    out[key] = filled;
  }
  return out;
}

function fillString(template: string, slots: Slots): unknown {
  const whole = wholeSlot.exec(template);
  if (whole) return slots[whole[1] ?? ""];
  let missing = false;
  const text = template.replace(innerSlot, (_, name: string) => {
    const value = slots[name];
    if (value === undefined) missing = true;
    return value === undefined ? "" : String(value);
  });
  return missing ? undefined : text;
}

function isEmptyObject(value: unknown): boolean {
  return (
    value !== null && typeof value === "object" && !Array.isArray(value) && Object.keys(value).length === 0
  );
}

/** Pretty JSON with a final newline, as every file of a package is written. */
export function jsonBytes(value: unknown): Buffer {
  return Buffer.from(`${JSON.stringify(value, null, 2)}\n`);
}
