import type { InlineCheck } from "../../diagnostics/check-meta.js";
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
  examples: {
    passing: communityRuleWith(["- Run the tests before every commit 👩‍💻."]),
    failing: communityRuleWith([
      "- Run the tests\u200b before every commit.",
      "- Keep\u202e fixtures small.",
    ]),
    expected: [
      'community/testing.md:7:16: error AGC195 U+200B, a zero-width character, is hidden in the text of source "community"',
      'community/testing.md:8:7: error AGC195 U+202E, a bidi control, is hidden in the text of source "community"',
    ],
  },
};
