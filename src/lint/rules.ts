import { configRule } from "./config-rules.js";
import { frontmatterRule } from "./frontmatter-rules.js";
import { globRule } from "./glob-rules.js";
import { importRule } from "./import-rules.js";
import type { LintRule } from "./lint-context.js";
import { alwaysLoadedRule, loadedTwiceRule, shadowedRule } from "./session-rules.js";
import { skillRule } from "./skill-rules.js";
import { unreadRule } from "./unread-rules.js";
import { itemYamlRule } from "./yaml-rules.js";

/** Every rule `agentc lint` runs, in the order of docs/lint.md. */
export const lintRules: readonly LintRule[] = [
  frontmatterRule,
  itemYamlRule,
  skillRule,
  globRule,
  importRule,
  configRule,
  unreadRule,
  alwaysLoadedRule,
  loadedTwiceRule,
  shadowedRule,
];
