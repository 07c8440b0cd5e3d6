import { communityRuleWith } from "../../src/dependencies/checks/community-fixture.js";
import { thirdPartyTextHasNoHiddenUnicode } from "../../src/dependencies/checks/third-party-text-has-no-hidden-unicode.js";
import { withBase } from "../../src/diagnostics/fixture-base.js";
import { checkTable } from "../support/check-harness.js";

const message = /is hidden in the text of source "community"/;

checkTable(thirdPartyTextHasNoHiddenUnicode, {
  valid: [
    { name: "the passing example", files: thirdPartyTextHasNoHiddenUnicode.examples.passing },
    {
      name: "the registry's own sources are its owners' text, not checked",
      files: withBase({ "rules/own.md": "---\nscope: global\n---\n# Own\n\nZero\u200bwidth on purpose.\n" }),
    },
    { name: "Persian with ZWNJ", files: communityRuleWith(["- نامه\u200cها را بخوانید."]) },
  ],
  invalid: [
    {
      name: "the failing example",
      files: thirdPartyTextHasNoHiddenUnicode.examples.failing,
      findings: [
        { file: "community/testing.md", line: 7, column: 16, message },
        { file: "community/testing.md", line: 8, column: 7, message },
      ],
    },
    {
      name: "tag characters spelling hidden words",
      files: communityRuleWith(["- Be brief.\u{E0072}\u{E006D}"]),
      findings: [
        { file: "community/testing.md", line: 7, column: 12, message: /U\+E0072, a tag character/ },
        { file: "community/testing.md", line: 7, column: 14, message: /U\+E006D, a tag character/ },
      ],
    },
  ],
});
