/**
 * Strings in the order of Unicode's root collation, as `Intl.Collator("en")` compares them (what the
 * CycloneDX library's `localeCompare` gives in an English locale), the same on every machine.
 * Printable ASCII is compared from the table below without ICU: creating a collator loads ICU's
 * collation data, about 10 ms of a build's start. Other text goes to the collator.
 */

/** Printable ASCII by primary weight, lightest first; a letter's two cases share one weight. */
const primaryOrder = [..." _-,;:!?.'\"()[]{}@*/\\&#%`^+<=>|~$0123456789", ..."abcdefghijklmnopqrstuvwxyz"];

const primaryOf = new Uint8Array(128);
primaryOrder.forEach((char, index) => {
  primaryOf[char.charCodeAt(0)] = index + 1;
  primaryOf[char.toUpperCase().charCodeAt(0)] = index + 1;
});

const printableAscii = /^[\x20-\x7e]*$/;

/**
 * Root collation order of two printable ASCII strings: all primary weights first (the shorter string
 * first when one begins the other), then case: lower before upper at the first letter that differs.
 */
export function compareAsciiByRootCollation(a: string, b: string): number {
  const common = Math.min(a.length, b.length);
  // Paths share long prefixes: equal characters are skipped without looking up their weights.
  let caseOrder = 0;
  for (let i = 0; i < common; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    const difference = (primaryOf[x] as number) - (primaryOf[y] as number);
    if (difference !== 0) return difference;
    // Same primary weight, other code: the same letter in the other case, and "A" < "a" in code. The
    // first such place decides only when all primary weights are equal.
    if (caseOrder === 0) caseOrder = x < y ? 1 : -1;
  }
  if (a.length !== b.length) return a.length - b.length;
  return caseOrder;
}

let collator: Intl.Collator | undefined;

/** The items sorted by the root collation of `text(item)`, stably. */
export function sortByRootCollation<T>(items: readonly T[], text: (item: T) => string): T[] {
  const keyed = items.map((item) => ({ item, text: text(item), key: "" }));
  if (!keyed.every((k) => printableAscii.test(k.text))) {
    const compare = collatorCompare();
    return keyed.sort((a, b) => compare(a.text, b.text)).map((k) => k.item);
  }
  for (const k of keyed) k.key = primaryKey(k.text);
  return keyed.sort(byPrimaryKeyThenCase).map((k) => k.item);
}

/** ICU's root collation, set up on first use. */
function collatorCompare(): (a: string, b: string) => number {
  collator ??= new Intl.Collator("en");
  return collator.compare;
}

/**
 * The order compareAsciiByRootCollation gives, from keys compared natively: the primary weights as one
 * string (the same length as the text), then, for texts that differ only in case, lower case first (the
 * reverse of code order). A sort of 2,000 paths with long common prefixes takes a third of the time of
 * the compare above, which looks at their characters one by one on every call.
 */
function byPrimaryKeyThenCase(a: { text: string; key: string }, b: { text: string; key: string }): number {
  if (a.key !== b.key) return a.key < b.key ? -1 : 1;
  return a.text === b.text ? 0 : a.text < b.text ? 1 : -1;
}

/** Digits and lower-case letters weigh in code order; punctuation (lighter than digits) becomes "\x01".."\x21". */
const punctuationKeys = new Map(
  primaryOrder
    .filter((char) => !/[0-9a-z]/.test(char))
    .map((char, index) => [char, String.fromCharCode(index + 1)]),
);

function primaryKey(text: string): string {
  return text.toLowerCase().replace(/[^0-9a-z]/g, (char) => punctuationKeys.get(char) as string);
}

/** The root collation's compare for these texts: from the table when all are printable ASCII. */
export function rootCollationFor(texts: readonly string[]): (a: string, b: string) => number {
  return texts.every((t) => printableAscii.test(t)) ? compareAsciiByRootCollation : collatorCompare();
}
