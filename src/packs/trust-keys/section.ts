import type { Section } from "../section.js";
import type { TrustKeysPack } from "./model.js";

/**
 * Trust keys (`trust_keys`): the settings keys with which a repository votes on its own trust. Nothing is
 * written or read back through them: the checks hold what a build composes (AGC108, checks/output/) and
 * what a project has (lint, the installer) against them, resolved by resolve.ts.
 */
export const trustKeysSection: Section<TrustKeysPack> = {
  name: "trust_keys",
  keys: ["trust_keys"],
  rank: 90,
};
