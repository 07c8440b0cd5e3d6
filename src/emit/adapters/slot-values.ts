import type { Slot } from "../../registry/model.js";
import { csvGlobs } from "../../shared/globs/csv-globs.js";
import { yamlBlockList, yamlFlowList, yamlScalar } from "../../shared/yaml-scalar.js";

export const knownSlots: readonly Slot[] = [
  "alwaysApply",
  "globs",
  "globs_yaml",
  "globs_csv",
  "description",
  "slug",
];

export interface SlotInput {
  alwaysApply: boolean;
  globs: string[];
  description?: string;
  slug: string;
}

/** A known slot as written by one template: its index in knownSlots, times two, plus one when it is raw. */
export type SlotKey = number;

export function slotKey(slot: Slot, raw: boolean): SlotKey {
  return knownSlots.indexOf(slot) * 2 + (raw ? 1 : 0);
}

const notComputed = Symbol("not computed");

/**
 * An input's slot values, each computed on first use: emit passes one input per rule to every adapter,
 * and the adapters' templates name the same few slots. A copy of the input's fields is kept with the
 * values, so an input changed in place is computed again.
 */
class SlotValues {
  readonly #values: (string | undefined | typeof notComputed)[] = new Array(knownSlots.length * 2).fill(
    notComputed,
  );
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

  get(key: SlotKey): string | undefined {
    const value = this.#values[key];
    if (value !== notComputed) return value;
    const computed = slotValue(knownSlots[key >> 1] as Slot, this.#input, (key & 1) === 1);
    this.#values[key] = computed;
    return computed;
  }
}

const slotValueCache = new WeakMap<SlotInput, SlotValues>();

export function slotValues(input: SlotInput): SlotValues {
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

/** A slot's text, YAML-quoted unless raw; undefined when the input has no value for it. */
function slotValue(slot: Slot, input: SlotInput, raw: boolean): string | undefined {
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
      return raw ? csvGlobs(input.globs) : yamlScalar(csvGlobs(input.globs));
    }
    case "description": {
      const description = input.description?.replace(/\s*[\r\n\u2028\u2029]\s*/g, " ");
      if (!description) return undefined;
      return raw ? description : yamlScalar(description);
    }
  }
}
