import { seedFieldNotActedOn } from "../clients/checks/seed-field-not-acted-on.js";
import { globsWithinBraceBudget } from "../core/checks/globs-within-brace-budget.js";
import { coreChecks } from "../core/checks/index.js";
import { dependenciesResolve } from "../dependencies/checks/dependencies-resolve.js";
import { dependencyHooksNeedTrust } from "../dependencies/checks/dependency-hooks-need-trust.js";
import { thirdPartyTextHasNoHiddenUnicode } from "../dependencies/checks/third-party-text-has-no-hidden-unicode.js";
import { thirdPartyTextKeepsSafetyOn } from "../dependencies/checks/third-party-text-keeps-safety-on.js";
import { configMatchesSchema } from "../documents/checks/config-matches-schema.js";
import { inputWithinLimits } from "../documents/checks/input-within-limits.js";
import { jsonIsWellFormed } from "../documents/checks/json-is-well-formed.js";
import { linksFormNoLoop } from "../documents/checks/links-form-no-loop.js";
import { readsStayInsideRegistry } from "../documents/checks/reads-stay-inside-registry.js";
import { registryFilesAreReadable } from "../documents/checks/registry-files-are-readable.js";
import { secretFilesLeftOut } from "../documents/checks/secret-files-left-out.js";
import { nativeCopyWritten } from "../emit/checks/native-copy-written.js";
import { scopeExpressedByAdapter } from "../emit/checks/scope-expressed-by-adapter.js";
import { acceptedLossMatches } from "../registry/checks/accepted-loss-matches.js";
import { builtinAdapterReplaced } from "../registry/checks/builtin-adapter-replaced.js";
import { duplicateSlugResolvedByKind } from "../registry/checks/duplicate-slug-resolved-by-kind.js";
import { frontmatterIsWellFormed } from "../registry/checks/frontmatter-is-well-formed.js";
import { frontmatterMatchesSchema } from "../registry/checks/frontmatter-matches-schema.js";
import { headingYieldsSlug } from "../registry/checks/heading-yields-slug.js";
import { remoteSourceFetched } from "../registry/checks/remote-source-fetched.js";
import { slugUniqueInSource } from "../registry/checks/slug-unique-in-source.js";
import { supersededRuleDropped } from "../registry/checks/superseded-rule-dropped.js";
import { supersedesNamesARule } from "../registry/checks/supersedes-names-a-rule.js";
import { textBelongsToARule } from "../registry/checks/text-belongs-to-a-rule.js";
import { capabilityChecks } from "./capabilities/index.js";
import { oatsLevelSupported } from "./capabilities/oats-level-supported.js";
import type { Check } from "./check.js";
import { fidelityChecks } from "./clients/fidelity-checks.js";
import { clientChecks } from "./clients/index.js";
import { emittedClientChecks } from "./clients/item-checks.js";
import { ruleNumberingFollowed } from "./clients/rule-numbering-followed.js";
import { settingsChecks } from "./clients/settings-checks.js";
import { adoptTargetEmitted } from "./output/adopt-target-emitted.js";
import { budgetRespected } from "./output/budget-respected.js";
import { instructionsImportNoSecrets } from "./output/instructions-import-no-secrets.js";
import { outputPathsAgree } from "./output/output-paths-agree.js";
import { pagePathsFree } from "./output/page-paths-free.js";
import { rosterBudgetRespected } from "./output/roster-budget-respected.js";
import { settingsGrantNoSelfTrust } from "./output/settings-grant-no-self-trust.js";
import { symlinkTargetEmitted } from "./output/symlink-target-emitted.js";
import { adapterIsComplete } from "./registry/adapter-is-complete.js";
import { adapterOutputsDisjoint } from "./registry/adapter-outputs-disjoint.js";
import { clientPolicyKnown } from "./registry/client-policy-known.js";
import { depthSlugNamesARule } from "./registry/depth-slug-names-a-rule.js";
import { depthVocabularyConfined } from "./registry/depth-vocabulary-confined.js";
import { descriptionWithin25Words } from "./registry/description-within-25-words.js";
import { frontmatterTemplateValid } from "./registry/frontmatter-template-valid.js";
import { globalRuleHasNoGlobs } from "./registry/global-rule-has-no-globs.js";
import { globsWellFormed } from "./registry/globs-well-formed.js";
import { installPathsSafe } from "./registry/install-paths-safe.js";
import { installSourcesExist } from "./registry/install-sources-exist.js";
import { mcpWrittenNamesDistinct } from "./registry/mcp-written-names-distinct.js";
import { oneSingleFileAdapter } from "./registry/one-single-file-adapter.js";
import { publishRewritesAreSegments } from "./registry/publish-rewrites-are-segments.js";
import { ruleHasBody } from "./registry/rule-has-body.js";
import { scopedRuleHasDescription } from "./registry/scoped-rule-has-description.js";
import { scopedRuleHasGlobs } from "./registry/scoped-rule-has-globs.js";
import { slugNotReserved } from "./registry/slug-not-reserved.js";
import { sourceAdaptersUsed } from "./registry/source-adapters-used.js";
import { templateSlotsHaveValues } from "./registry/template-slots-have-values.js";
import { triggerClaimedOnce } from "./registry/trigger-claimed-once.js";
import { triggerIsDeclared } from "./registry/trigger-is-declared.js";
import { routerAgreesWithTriggers } from "./router/router-agrees-with-triggers.js";
import { routerCoversEveryTrigger } from "./router/router-covers-every-trigger.js";
import { routerRowsNameRules } from "./router/router-rows-name-rules.js";
import { routerRuleExists } from "./router/router-rule-exists.js";

/**
 * The checks of compiling a registry, ordered by id: loading, the loaded registry, emitting and the emitted
 * tree. The plugin packages', import's and lint's checks live in their stages, above this one;
 * src/check-list/index.ts lists every check.
 */
export const compileChecks: readonly Check[] = [
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
  depthVocabularyConfined,
  descriptionWithin25Words,
  scopedRuleHasGlobs,
  slugNotReserved,
  oneSingleFileAdapter,
  frontmatterTemplateValid,
  installSourcesExist,
  adapterOutputsDisjoint,
  budgetRespected,
  rosterBudgetRespected,
  outputPathsAgree,
  scopeExpressedByAdapter,
  globalRuleHasNoGlobs,
  templateSlotsHaveValues,
  routerAgreesWithTriggers,
  depthSlugNamesARule,
  adapterIsComplete,
  installPathsSafe,
  globsWellFormed,
  ruleHasBody,
  publishRewritesAreSegments,
  scopedRuleHasDescription,
  ...coreChecks,
  ...clientChecks,
  ...settingsChecks,
  ...emittedClientChecks,
  ...capabilityChecks,
  readsStayInsideRegistry,
  linksFormNoLoop,
  inputWithinLimits,
  instructionsImportNoSecrets,
  settingsGrantNoSelfTrust,
  adoptTargetEmitted,
  builtinAdapterReplaced,
  acceptedLossMatches,
  clientPolicyKnown,
  ruleNumberingFollowed,
  seedFieldNotActedOn,
  oatsLevelSupported,
  symlinkTargetEmitted,
  ...fidelityChecks,
  pagePathsFree,
  globsWithinBraceBudget,
  secretFilesLeftOut,
  nativeCopyWritten,
  dependenciesResolve,
  thirdPartyTextHasNoHiddenUnicode,
  thirdPartyTextKeepsSafetyOn,
  dependencyHooksNeedTrust,
  mcpWrittenNamesDistinct,
  sourceAdaptersUsed,
];
