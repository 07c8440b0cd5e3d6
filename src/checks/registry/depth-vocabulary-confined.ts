import type { Finding } from "../../diagnostics/check-meta.js";
import { ruleFile, sourcesWith, withBase } from "../../diagnostics/fixture-base.js";
import type { Rule, SourcesConfig } from "../../registry/model.js";
import type { RegistryCheck } from "../check.js";
import { ruleTextPosition } from "../positions.js";
import { findWholeWords } from "../whole-words.js";

const depthSources = sourcesWith({
  depth_slug: "depth-projection",
  depth_vocabulary: ["A1", "A2", "depth level"],
  envelope_slots: ["narration"],
});
const depthRule = ruleFile(["scope: global", "description: How deep to go."], "# Depth Projection", [
  "Pick one depth level: A1 for a fix, A2 for a feature. Fill the narration slot.",
]);
const codeStyle = (line: string) =>
  ruleFile(["scope: global", "description: How we write code here.", "trigger: any-code"], "# Code Style", [
    line,
  ]);

export const depthVocabularyConfined: RegistryCheck = {
  id: "AGC018",
  slug: "depth-vocabulary-confined",
  stage: "registry",
  severity: "error",
  title: "Only the depth rule may use the depth vocabulary and envelope slot names",
  description:
    "depth_vocabulary and envelope_slots in sources.json belong to the rule named by depth_slug. Any other compiled rule that contains one of them as a whole word (case-insensitive; a neighbouring letter, digit, '_' or '-' makes it another word) would give the assistant a second, competing definition. Headings, code spans, tables and the description count too: the assistant reads all of them.",
  hint: "Reword the sentence, or move it into the depth rule and refer to that rule by name.",
  get examples() {
    return {
      passing: withBase({
        "sources.json": depthSources,
        "rules/depth.md": depthRule,
        "rules/code-style.md": codeStyle("- Keep the A10 form and pre-A1 notes short."),
      }),
      failing: withBase({
        "sources.json": depthSources,
        "rules/depth.md": depthRule,
        "rules/code-style.md": codeStyle("- For small fixes answer at Depth Level a1."),
      }),
      expected: [
        'rules/code-style.md:8:29: error AGC018 Unexpected "Depth Level" in rule "code-style": "depth level" is depth vocabulary; only the rule "depth-projection" may use it',
        'rules/code-style.md:8:41: error AGC018 Unexpected "a1" in rule "code-style": "A1" is depth vocabulary; only the rule "depth-projection" may use it',
      ],
    };
  },
  *run(registry) {
    const terms = confinedTerms(registry.sources);
    if (terms.length === 0) return;
    for (const rule of registry.rules) {
      if (rule.slug === registry.sources.depth_slug) continue;
      yield* occurrences(rule, terms, registry.sources.depth_slug);
    }
  },
};

function confinedTerms(sources: SourcesConfig): string[] {
  return [...(sources.depth_vocabulary ?? []), ...(sources.envelope_slots ?? [])];
}

function* occurrences(rule: Rule, terms: string[], owner: string | undefined): Iterable<Finding> {
  const where = owner ? `only the rule "${owner}" may use it` : "only the depth_slug rule may use it";
  for (const hit of findWholeWords(rule.text, terms)) {
    yield {
      position: ruleTextPosition(rule, hit.line, hit.column),
      message: `Unexpected "${hit.matched}" in rule "${rule.slug}": "${hit.term}" is depth vocabulary; ${where}`,
    };
  }
  for (const hit of findWholeWords(rule.description ?? "", terms)) {
    yield {
      position: rule.fields.description ?? rule.heading,
      message: `Unexpected "${hit.matched}" in the description of rule "${rule.slug}": "${hit.term}" is depth vocabulary; ${where}`,
    };
  }
}
