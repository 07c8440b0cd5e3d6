/**
 * Strings in the order of Unicode's root collation, as `Intl.Collator("en")` compares them (what the
 * CycloneDX library's `localeCompare` gives in an English locale), the same on every machine.
 * Printable ASCII is ordered from the table below without ICU: creating a collator loads ICU's
 * collation data, about 10 ms of a build's start. Other text goes to the collator.
 */

/** Printable ASCII by primary weight, lightest first; the characters of one entry differ only in case. */
const primaryOrder = [..." _-,;:!?.'\"()[]{}@*/\\&#%`^+<=>|~$0123456789", ..."abcdefghijklmnopqrstuvwxyz"];

const primaryOf = new Map<string, string>();
primaryOrder.forEach((entry, index) => {
  const weight = String.fromCharCode(0x21 + index);
  primaryOf.set(entry, weight);
  primaryOf.set(entry.toUpperCase(), weight);
});

/**
 * A key whose code-unit order is the root collation's order, for printable ASCII; undefined for other
 * text. The collation compares all primary weights first (the shorter string first when one is a prefix
 * of the other), then case: lower before upper at the first letter that differs only in case.
 */
export function rootCollationKey(text: string): string | undefined {
  let primary = "";
  let tertiary = "";
  for (const char of text) {
    const weight = primaryOf.get(char);
    if (weight === undefined) return undefined;
    primary += weight;
    tertiary += char >= "A" && char <= "Z" ? "1" : "0";
  }
  return `${primary}\u0000${tertiary}`;
}

let collator: Intl.Collator | undefined;

/** The items sorted by the root collation of `text(item)`, stably. */
export function sortByRootCollation<T>(items: T[], text: (item: T) => string): T[] {
  const keyed = items.map((item) => ({ item, key: rootCollationKey(text(item)) }));
  if (keyed.every((k) => k.key !== undefined)) {
    keyed.sort((a, b) =>
      (a.key as string) < (b.key as string) ? -1 : (a.key as string) > (b.key as string) ? 1 : 0,
    );
    return keyed.map((k) => k.item);
  }
  collator ??= new Intl.Collator("en");
  const compare = collator.compare;
  return [...items].sort((a, b) => compare(text(a), text(b)));
}
