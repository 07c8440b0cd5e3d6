import { alwaysOnRuleHasNoGlobs } from "../../core/checks/always-on-rule-has-no-globs.js";
import type { Check } from "../check.js";
import { alwaysLoadedWithinLimit } from "./always-loaded-within-limit.js";
import { denyFieldWithoutArgumentPatterns } from "./deny-field-without-argument-patterns.js";
import { frontmatterFieldDocumented } from "./frontmatter-field-documented.js";
import { htmlCommentWithoutNormativeWords } from "./html-comment-without-normative-words.js";

/** The checks of what client packs emit (AGC090–AGC094), ordered by id. */
export const emittedClientChecks: readonly Check[] = [
  alwaysLoadedWithinLimit,
  htmlCommentWithoutNormativeWords,
  alwaysOnRuleHasNoGlobs,
  frontmatterFieldDocumented,
  denyFieldWithoutArgumentPatterns,
];
