import { diagnostic, type InlineCheck } from "../../diagnostics/check-meta.js";
import type { Diagnostic, Position } from "../../diagnostics/diagnostic.js";
import { communityRuleWith } from "./community-fixture.js";

export const thirdPartyTextHasNoHiddenUnicode: InlineCheck = {
  id: "AGC195",
  slug: "third-party-text-has-no-hidden-unicode",
  stage: "load",
  severity: "error",
  title: "Third-party text holds no hidden Unicode",
  description:
    "Text from outside the registry (a dependency's files, a source's https url, a source of kind community) is read by assistants, and people review it in editors that do not show bidi controls (U+202A–U+202E, U+2066–U+2069), zero-width characters (U+200B–U+200D, U+2060–U+2064, U+180E, U+FEFF past the start) or tag characters (U+E0000–U+E007F) and variation selectors U+E0100–U+E01EF. Such characters hide instructions or reorder what a reviewer sees (Trojan Source, ASCII smuggling). ZWJ inside emoji, ZWNJ and ZWJ between letters of scripts that join, and the tags of a subdivision flag are ordinary writing and pass. Each character is reported with its line, column and code point.",
  hint: "Remove the character (search for it by its code point; most editors do not show it), or ask the text's owners to; if the text really needs it, copy the file into the registry's own sources, where you own it.",
  get examples() {
    return {
      passing: communityRuleWith(["- Run the tests before every commit 👩‍💻."]),
      failing: communityRuleWith([
        "- Run the tests\u200b before every commit.",
        "- Keep\u202e fixtures small.",
      ]),
      expected: [
        'community/testing.md:7:16: error AGC195 U+200B, a zero-width character, is hidden in the text of source "community"',
        'community/testing.md:8:7: error AGC195 U+202E, a bidi control, is hidden in the text of source "community"',
      ],
    };
  },
};

/**
 * Characters that change what a reader sees without being seen: the hidden Unicode of third-party text
 * (docs/third-party-content.md, "Hidden Unicode"). Each class names what it is in the report.
 */
export const hiddenClasses = [
  {
    name: "bidi control",
    // LRE RLE PDF LRO RLO (U+202A–U+202E) and LRI RLI FSI PDI (U+2066–U+2069): "Trojan Source", CVE-2021-42574.
    pattern: /[\u202A-\u202E\u2066-\u2069]/,
  },
  {
    name: "zero-width character",
    // ZWSP, ZWNJ, ZWJ, word joiner, invisible operators, Mongolian vowel separator, BOM past the start.
    pattern: /[\u200B-\u200D\u2060-\u2064\u180E\uFEFF]/,
  },
  {
    name: "tag character",
    // U+E0000–U+E007F spell ASCII invisibly ("ASCII smuggling").
    pattern: /[\u{E0000}-\u{E007F}]/u,
  },
  {
    name: "variation selector",
    // U+E0100–U+E01EF can carry a byte each after any character ("emoji smuggling").
    pattern: /[\u{E0100}-\u{E01EF}]/u,
  },
] as const;

export interface HiddenCharacter {
  /** UTF-16 offset in the text. */
  offset: number;
  codePoint: number;
  className: string;
}

const candidate = /[\u202A-\u202E\u2066-\u2069\u200B-\u200D\u2060-\u2064\u180E\uFEFF\u{E0000}-\u{E01EF}]/gu;
/** What may stand on either side of ZWJ in an emoji sequence: a pictograph, a skin tone, VS16. */
let pictographicClass: RegExp | undefined;
const pictographic = (): RegExp =>
  (pictographicClass ??= /\p{Extended_Pictographic}|\p{Emoji_Modifier}|\uFE0F/u);
/** Letters and marks of the scripts that write ZWNJ and ZWJ as part of words (Persian, Indic, Sinhala …). */
let joiningScript: RegExp | undefined;
let latinOrCommon: RegExp | undefined;
/** A subdivision flag: U+1F3F4, tag letters and digits, CANCEL TAG (England's flag is such a sequence). */
const flagTagSequence = /\u{1F3F4}[\u{E0030}-\u{E0039}\u{E0061}-\u{E007A}]{1,16}\u{E007F}/gu;

/**
 * Every hidden character of `text`, in order, except the ones ordinary writing uses: a byte-order mark at
 * the very start, ZWJ inside an emoji sequence, ZWNJ/ZWJ after a letter or mark of a script that joins, and the tag
 * characters of a subdivision flag.
 */
export function findHiddenCharacters(text: string): HiddenCharacter[] {
  const inFlags = flagSpans(text);
  const found: HiddenCharacter[] = [];
  for (const match of text.matchAll(candidate)) {
    const offset = match.index;
    const codePoint = match[0].codePointAt(0) as number;
    if (isOrdinary(text, offset, codePoint, inFlags)) continue;
    const className = hiddenClasses.find((c) => c.pattern.test(match[0]))?.name ?? "hidden character";
    found.push({ offset, codePoint, className });
  }
  return found;
}

function isOrdinary(text: string, offset: number, codePoint: number, inFlags: Set<number>): boolean {
  if (codePoint === 0xfeff) return offset === 0;
  if (codePoint === 0x200c || codePoint === 0x200d) {
    const before = charBefore(text, offset);
    if (codePoint === 0x200d && pictographic().test(before) && pictographic().test(charAt(text, offset + 1)))
      return true;
    return joins(before);
  }
  return inFlags.has(offset);
}

// The classes above are made on first use (a hidden character seldom occurs): a Unicode property class
// is parsed when its expression is created, which every start would pay otherwise.
const joins = (char: string): boolean => {
  joiningScript ??= /[\p{L}\p{M}]/u;
  latinOrCommon ??= /[\p{Script=Latin}\p{Script=Common}]/u;
  return joiningScript.test(char) && !latinOrCommon.test(char);
};

function flagSpans(text: string): Set<number> {
  const offsets = new Set<number>();
  if (!text.includes("\u{1F3F4}")) return offsets;
  for (const match of text.matchAll(flagTagSequence)) {
    for (let i = 2; i < match[0].length; i += 2) offsets.add(match.index + i);
  }
  return offsets;
}

function charBefore(text: string, offset: number): string {
  const low = text.charCodeAt(offset - 1);
  const start = low >= 0xdc00 && low <= 0xdfff ? offset - 2 : offset - 1;
  return start < 0 ? "" : String.fromCodePoint(text.codePointAt(start) as number);
}

function charAt(text: string, offset: number): string {
  const codePoint = text.codePointAt(offset);
  return codePoint === undefined ? "" : String.fromCodePoint(codePoint);
}

/** "U+200B" */
export function codePointName(codePoint: number): string {
  return `U+${codePoint.toString(16).toUpperCase().padStart(4, "0")}`;
}

/** An error at each hidden character of `text`, the text of `from`; `at` places an offset. */
export function hiddenUnicodeFindings(
  text: string,
  from: string,
  at: (offset: number) => Position,
): Diagnostic[] {
  return findHiddenCharacters(text).map((h) =>
    diagnostic(thirdPartyTextHasNoHiddenUnicode, {
      position: at(h.offset),
      message: `${codePointName(h.codePoint)}, a ${h.className}, is hidden in the text of ${from}`,
      group: "hidden Unicode in third-party text",
    }),
  );
}
