import type { LintRule } from "./lint-context.js";
import { alwaysLoadedRule, loadedTwiceRule, shadowedRule } from "./session-rules.js";

/** Every rule `agentc lint` runs, in the order of docs/lint.md. */
export const lintRules: readonly LintRule[] = [alwaysLoadedRule, loadedTwiceRule, shadowedRule];
