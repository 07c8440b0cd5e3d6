import type { ClientPack } from "../clients/model.js";
import { budgetProfiles, defaultAlwaysLoadedLimit } from "../shared/text-budget.js";
import type { TargetsConfig } from "./model.js";

export type BudgetProfile = keyof typeof budgetProfiles;

/** The reason agentc import gives the limits it sets: the project's own size, kept as it was. */
export const importedReason = "imported as is";

/** One limit of a budget: its value, and the reason targets.json gives where the registry set it. */
export interface Limit {
  value: number;
  /** Set by targets.json budgets (with this reason); absent: the seed's value, or the pack's. */
  reason?: string;
}

/** The limits of one budget profile for this registry: at most `lines` lines, at most `words` words. */
export interface ProfileLimits {
  lines: Limit;
  /** Infinity: no word limit (the seed's scoped profile). */
  words: Limit;
}

/**
 * A profile's limits: the seed's (global: at most 100 lines and under 200 words; scoped: at most 80
 * lines), each replaced where targets.json budgets sets its own.
 */
export function profileLimits(
  targets: Pick<TargetsConfig, "budgets">,
  profile: BudgetProfile,
): ProfileLimits {
  const seed = budgetProfiles[profile];
  const own = targets.budgets?.[profile];
  return {
    lines:
      own?.max_lines !== undefined ? { value: own.max_lines, reason: own.reason } : { value: seed.maxLines },
    words:
      own?.max_words !== undefined
        ? { value: own.max_words, reason: own.reason }
        : { value: seed.maxWordsExclusive - 1 },
  };
}

/** What a client may load into every session: targets.json budgets.always_loaded, else its pack's, else 40,000. */
export function alwaysLoadedLimit(
  targets: Pick<TargetsConfig, "budgets">,
  pack: Pick<ClientPack, "client" | "always_loaded_limit">,
): Limit {
  const own = targets.budgets?.always_loaded?.[pack.client];
  if (own) return { value: own.characters, reason: own.reason };
  return { value: pack.always_loaded_limit ?? defaultAlwaysLoadedLimit };
}
