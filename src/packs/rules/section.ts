import type { Section } from "../section.js";
import { loadTriggerMapped } from "./checks/load-trigger-mapped.js";
import { emitRules } from "./emit.js";
import type { RulesPack } from "./model.js";
import { readPackRules } from "./read.js";

/** Rules: core/rules as the pack's rule files, each with the frontmatter its load trigger maps to. */
export const rulesSection: Section<RulesPack> = {
  name: "rules",
  keys: ["rules_dir", "rule_file", "rule_triggers"],
  rank: 10,
  matrix: [{ kind: "rule-load", title: "Rule loading", rank: 10 }],
  items: { emit: emitRules, read: readPackRules },
  checks: [loadTriggerMapped],
};
