import type { Check } from "./check.js";
import { scopeExpressedByAdapter } from "./emit/scope-expressed-by-adapter.js";
import { configMatchesSchema } from "./load/config-matches-schema.js";
import { duplicateSlugResolvedByKind } from "./load/duplicate-slug-resolved-by-kind.js";
import { frontmatterIsWellFormed } from "./load/frontmatter-is-well-formed.js";
import { frontmatterMatchesSchema } from "./load/frontmatter-matches-schema.js";
import { headingYieldsSlug } from "./load/heading-yields-slug.js";
import { jsonIsWellFormed } from "./load/json-is-well-formed.js";
import { registryFilesAreReadable } from "./load/registry-files-are-readable.js";
import { remoteSourceFetched } from "./load/remote-source-fetched.js";
import { slugUniqueInSource } from "./load/slug-unique-in-source.js";
import { supersededRuleDropped } from "./load/superseded-rule-dropped.js";
import { supersedesNamesARule } from "./load/supersedes-names-a-rule.js";
import { textBelongsToARule } from "./load/text-belongs-to-a-rule.js";
import { budgetRespected } from "./output/budget-respected.js";
import { outputPathsAgree } from "./output/output-paths-agree.js";
import { routerCoversEveryTrigger } from "./registry/router-covers-every-trigger.js";
import { routerRowsNameRules } from "./registry/router-rows-name-rules.js";
import { routerRuleExists } from "./registry/router-rule-exists.js";
import { triggerClaimedOnce } from "./registry/trigger-claimed-once.js";
import { triggerIsDeclared } from "./registry/trigger-is-declared.js";

/** Every check, ordered by id. A test keeps ids, this list and docs/checks/ in step. */
export const allChecks: readonly Check[] = [
  jsonIsWellFormed,
  configMatchesSchema,
  registryFilesAreReadable,
  frontmatterIsWellFormed,
  frontmatterMatchesSchema,
  textBelongsToARule,
  headingYieldsSlug,
  slugUniqueInSource,
  duplicateSlugResolvedByKind,
  supersededRuleDropped,
  supersedesNamesARule,
  remoteSourceFetched,
  triggerIsDeclared,
  triggerClaimedOnce,
  routerCoversEveryTrigger,
  routerRowsNameRules,
  routerRuleExists,
  budgetRespected,
  outputPathsAgree,
  scopeExpressedByAdapter,
];

export function findCheck(id: string): Check | undefined {
  const wanted = id.toUpperCase();
  return allChecks.find((c) => c.id === wanted || c.slug === id.toLowerCase());
}
