import type { Rule } from "../../registry/model.js";
import type { SlotInput } from "./slot-values.js";

/**
 * What the files of one rule share across adapters, made once per rule: the slot input (reused, so the
 * frontmatter renderer's per-input cache serves every adapter) and the body's UTF-8 bytes.
 */
interface ScopedParts {
  input: SlotInput;
  body: Buffer;
  /** The rule's text when the parts were made: a rule changed in place gets new parts. */
  text: string;
}

const scopedPartsCache = new WeakMap<Rule, ScopedParts>();

export function scopedParts(rule: Rule): ScopedParts {
  const cached = scopedPartsCache.get(rule);
  if (cached && cached.text === rule.text && sameInput(cached.input, rule)) return cached;
  const parts: ScopedParts = {
    input: {
      alwaysApply: false,
      globs: rule.globs,
      slug: rule.slug,
      ...(rule.description ? { description: rule.description } : {}),
    },
    body: Buffer.from(`${asTopLevel(rule.text)}\n`, "utf8"),
    text: rule.text,
  };
  scopedPartsCache.set(rule, parts);
  return parts;
}

function sameInput(input: SlotInput, rule: Rule): boolean {
  return (
    input.globs === rule.globs &&
    input.slug === rule.slug &&
    input.description === (rule.description ? rule.description : undefined)
  );
}

/** A rule that opened with '##' in a shared file is the top heading of a file of its own. */
function asTopLevel(text: string): string {
  return text.replace(/^( {0,3})##(?=[ \t]|$)/, "$1#");
}
