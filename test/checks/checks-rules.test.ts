import { depthVocabularyConfined } from "../../src/checks/registry/depth-vocabulary-confined.js";
import { descriptionWithin25Words } from "../../src/checks/registry/description-within-25-words.js";
import { globalRuleHasNoGlobs } from "../../src/checks/registry/global-rule-has-no-globs.js";
import { globsWellFormed } from "../../src/checks/registry/globs-well-formed.js";
import { ruleHasBody } from "../../src/checks/registry/rule-has-body.js";
import { scopedRuleHasDescription } from "../../src/checks/registry/scoped-rule-has-description.js";
import { scopedRuleHasGlobs } from "../../src/checks/registry/scoped-rule-has-globs.js";
import { slugNotReserved } from "../../src/checks/registry/slug-not-reserved.js";
import type { Fixture } from "../../src/diagnostics/check-meta.js";
import { ruleFile, sourcesWith, withBase } from "../../src/diagnostics/fixture-base.js";
import { checkTable, locate } from "../support/check-harness.js";

const depthConfig = {
  depth_slug: "depth-projection",
  depth_vocabulary: ["A1", "depth level"],
  envelope_slots: ["narration"],
};
const depthRule = ruleFile(["scope: global"], "# Depth Projection", [
  "Use A1 at depth level one; fill narration.",
]);
const depth = (extra: string, text: string): Fixture =>
  withBase({ "sources.json": sourcesWith(depthConfig), "rules/depth.md": depthRule, [extra]: text });
const extraRule = (body: string[], matter: string[] = ["scope: global"], heading = "# Extra") =>
  ruleFile(matter, heading, body);

const inBody = depth("rules/extra.md", extraRule(["Answer at Depth  Level a1, then stop."]));
const inHeading = depth("rules/extra.md", extraRule(["Text."], ["scope: global"], "# A1 tips"));
const inCodeSpan = depth("rules/extra.md", extraRule(["Fill the `narration` slot."]));
const inDescription = depth(
  "rules/extra.md",
  extraRule(["Text."], ["scope: global", "description: Use at a1."]),
);
const ownBlock = depth(
  "rules/extra.md",
  "---\nscope: global\n---\n# Extra\n\nText.\n\n## Second\n---\ndescription: Own block.\n---\n\nSay narration here.\n",
);

checkTable(depthVocabularyConfined, {
  valid: [
    {
      name: "the depth rule itself uses the vocabulary",
      files: depth("rules/extra.md", extraRule(["Text."])),
    },
    {
      name: "neighbouring letters, digits, '_' and '-' make another word",
      files: depth("rules/extra.md", extraRule(["A10, pre-A1, A1_x, narrations, depthlevel, depth-level."])),
    },
    {
      name: "no depth configuration",
      files: withBase({ "rules/extra.md": extraRule(["A1 and narration."]) }),
    },
  ],
  invalid: [
    {
      name: "a phrase across blanks and a word, any case, in the body",
      files: inBody,
      findings: [
        { ...locate(inBody, "rules/extra.md", "Depth  Level"), message: '"Depth  Level" in rule "extra"' },
        { ...locate(inBody, "rules/extra.md", "a1,"), message: '"a1" in rule "extra"' },
      ],
    },
    {
      name: "the heading counts",
      files: inHeading,
      findings: [
        { ...locate(inHeading, "rules/extra.md", "A1 tips"), message: 'only the rule "depth-projection"' },
      ],
    },
    {
      name: "code spans count",
      files: inCodeSpan,
      findings: [{ ...locate(inCodeSpan, "rules/extra.md", "narration"), message: '"narration"' }],
    },
    {
      name: "the description counts, reported at its field",
      files: inDescription,
      findings: [
        { ...locate(inDescription, "rules/extra.md", "description"), message: "in the description" },
      ],
    },
    {
      name: "a rule with its own frontmatter block under the heading",
      files: ownBlock,
      findings: [{ ...locate(ownBlock, "rules/extra.md", "narration"), message: 'rule "second"' }],
    },
  ],
});

const codeStyle = (description: string) =>
  withBase({
    "rules/code-style.md": ruleFile(
      ["scope: global", `description: ${description}`, "trigger: any-code"],
      "# Code Style",
      ["- Text."],
    ),
  });
const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(" ");
const long = codeStyle(words(26));

checkTable(descriptionWithin25Words, {
  valid: [
    { name: "25 words", files: codeStyle(words(25)) },
    { name: "punctuation alone is no word", files: codeStyle(`${words(25)} - —`) },
  ],
  invalid: [
    {
      name: "26 words",
      files: long,
      findings: [{ ...locate(long, "rules/code-style.md", "description"), message: "26 words" }],
    },
  ],
});

const scoped = (matter: string[]) =>
  withBase({
    "rules/docs.md": extraRule(["Text."], ["scope: scoped", "description: Docs.", ...matter], "# Docs"),
  });
const noGlobs = scoped([]);
const emptyGlobs = scoped(["globs: []"]);

checkTable(scopedRuleHasGlobs, {
  valid: [{ name: "scoped with globs", files: scoped(['globs: ["docs/**"]']) }],
  invalid: [
    {
      name: "no globs: reported at scope",
      files: noGlobs,
      findings: [
        { ...locate(noGlobs, "rules/docs.md", "scope"), message: 'scoped rule "docs" without globs' },
      ],
    },
    {
      name: "an empty list: reported at globs",
      files: emptyGlobs,
      findings: [{ ...locate(emptyGlobs, "rules/docs.md", "globs"), message: "without globs" }],
    },
  ],
});

const reserved = (heading: string) =>
  withBase({ "rules/dev.md": extraRule(["Text."], ["scope: global"], heading) });
const lpt = reserved("## LPT1");

checkTable(slugNotReserved, {
  valid: [
    { name: "a name that starts like a device", files: reserved("# Console") },
    { name: "com10 is no device", files: reserved("# COM10") },
  ],
  invalid: [
    {
      name: "lpt1 in capitals",
      files: lpt,
      findings: [{ ...locate(lpt, "rules/dev.md", "## LPT1"), message: 'slug "lpt1"' }],
    },
  ],
});

const globalWith = (matter: string[]) =>
  withBase({ "rules/review.md": extraRule(["Text."], ["scope: global", ...matter], "# Review") });
const globalGlobs = globalWith(['globs: ["src/**"]']);

checkTable(globalRuleHasNoGlobs, {
  valid: [
    { name: "global without globs", files: globalWith([]) },
    { name: "global with an empty list", files: globalWith(["globs: []"]) },
  ],
  invalid: [
    {
      name: "global with globs",
      files: globalGlobs,
      findings: [{ ...locate(globalGlobs, "rules/review.md", "globs"), message: 'global rule "review"' }],
    },
  ],
});

const globs = (list: string) => scoped([`globs: ${list}`]);
const badGlobs = globs('["/abs/**", "a\\\\b", "../x/*", "./src/**", "[ab", "src/(x", "  "]');
const item = (needle: string) => locate(badGlobs, "rules/docs.md", needle);

const blockList = withBase({
  "rules/docs.md":
    "---\nscope: scoped\ndescription: Docs.\nglobs:\n  - docs/**\n  - C:/docs/**\n---\n# Docs\n\nText.\n",
});

const sharedGlob = withBase({
  "rules/docs.md":
    '---\nscope: scoped\ndescription: Docs.\nglobs: ["docs/**", "src/[a-z"]\n---\n# Docs\n\nText.\n\n## Commits\n\nSmall.\n',
});
const coreRuleGlob = withBase({
  "core/rules/testing.md":
    '---\ntrigger: glob\ndescription: Tests.\nglobs: ["test/**", "../x/**"]\n---\n# Testing\n\nReal files.\n',
});

checkTable(globsWellFormed, {
  valid: [
    {
      name: "ordinary patterns",
      files: globs('["**/*.md", "docs/**", "src/**/*.{ts,tsx}", "!(vendor)/**", "a..b/*"]'),
    },
  ],
  invalid: [
    {
      name: "each broken glob, at its list item",
      files: badGlobs,
      findings: [
        { ...item('"/abs/**"'), message: '"/abs/**" in rule "docs": it is absolute' },
        { ...item('"a\\\\b"'), message: "backslash" },
        { ...item('"../x/*"'), message: "'..' segment" },
        { ...item('"./src/**"'), message: "starts with './'" },
        { ...item('"[ab"'), message: /"\[ab".*cannot be parsed/ },
        { ...item('"src/(x"'), message: /"src\/\(x".*cannot be parsed/ },
        { ...item('"  "'), message: "is empty" },
      ],
    },
    {
      name: "a block list item",
      files: blockList,
      findings: [{ ...locate(blockList, "rules/docs.md", "C:/docs"), message: "is absolute" }],
    },
    {
      name: "one finding for a glob the rules of a file share, naming each rule",
      files: sharedGlob,
      findings: [
        {
          ...locate(sharedGlob, "rules/docs.md", '"src/[a-z"'),
          message: 'Unexpected glob "src/[a-z" in rules "docs", "commits"',
        },
      ],
    },
    {
      name: "a core rule's glob, at its list item",
      files: coreRuleGlob,
      findings: [
        {
          ...locate(coreRuleGlob, "core/rules/testing.md", '"../x/**"'),
          message: 'core rule "testing": it holds',
        },
      ],
    },
  ],
});

const titled = withBase({
  "rules/review.md": "---\nscope: global\n---\n# Review\n\n\n## Before merging\n\nRun.\n",
});
const importedTitle = withBase({
  "sources.json": sourcesWith({
    sources: [{ name: "imported", kind: "custom", path: "sources/imported", enabled: true }],
  }),
  "sources/imported/01-AGENTS.md": "---\nscope: global\n---\n# Shop\n\n## Money\n\nInteger cents.\n",
});
const lastEmpty = withBase({
  "rules/review.md": "---\nscope: global\n---\n# Review\n\nRun.\n\n## Afterwards\n\n",
});

checkTable(ruleHasBody, {
  valid: [
    {
      name: "a ### section stays inside the rule",
      files: withBase({ "rules/review.md": "---\nscope: global\n---\n# Review\n### Before\nRun.\n" }),
    },
    { name: "a project's own title above sections, in a file agentc import wrote", files: importedTitle },
  ],
  invalid: [
    {
      name: "a title above a ## rule",
      files: titled,
      findings: [{ ...locate(titled, "rules/review.md", "# Review"), message: 'empty rule "review"' }],
    },
    {
      name: "a heading at the end of a file",
      files: lastEmpty,
      findings: [
        { ...locate(lastEmpty, "rules/review.md", "## Afterwards"), message: 'empty rule "afterwards"' },
      ],
    },
  ],
});

const undescribed = scoped(['globs: ["docs/**"]']);
const bare = withBase({
  "rules/docs.md": extraRule(["Text."], ["scope: scoped", 'globs: ["docs/**"]'], "# Docs"),
});

checkTable(scopedRuleHasDescription, {
  valid: [
    { name: "scoped with a description", files: undescribed },
    { name: "global rules need none", files: globalWith([]) },
  ],
  invalid: [
    {
      name: "scoped without a description",
      files: bare,
      findings: [
        { ...locate(bare, "rules/docs.md", "# Docs"), message: 'Scoped rule "docs" has no description' },
      ],
    },
  ],
});
