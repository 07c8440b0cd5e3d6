import type { InlineCheck } from "../../diagnostics/check-meta.js";
import { commandUsesArguments } from "./command-uses-arguments.js";
import { coreBodyPresent } from "./core-body-present.js";
import { coreFileMatchesSchema } from "./core-file-matches-schema.js";
import { coreFileNameWellFormed } from "./core-file-name-well-formed.js";
import { coreFrontmatterIsWellFormed } from "./core-frontmatter-is-well-formed.js";
import { coreNameMatchesPath } from "./core-name-matches-path.js";
import { coreNameUnique } from "./core-name-unique.js";
import { hookFieldsFitEvent } from "./hook-fields-fit-event.js";
import { mcpPlaceholdersWellFormed } from "./mcp-placeholders-well-formed.js";
import { mcpServerNameWellFormed } from "./mcp-server-name-well-formed.js";
import { permissionListsDisagree } from "./permission-lists-disagree.js";
import { permissionPatternWellFormed } from "./permission-pattern-well-formed.js";
import { permissionQualifierFitsVerb } from "./permission-qualifier-fits-verb.js";
import { permissionRuleNamesAVerb } from "./permission-rule-names-a-verb.js";
import { permissionVerbInTools } from "./permission-verb-in-tools.js";

/** The load-stage checks of core/ (AGC060–AGC079), ordered by id. */
export const coreChecks: readonly InlineCheck[] = [
  coreFrontmatterIsWellFormed,
  coreFileMatchesSchema,
  coreNameMatchesPath,
  coreFileNameWellFormed,
  permissionRuleNamesAVerb,
  permissionPatternWellFormed,
  permissionQualifierFitsVerb,
  permissionListsDisagree,
  coreNameUnique,
  mcpServerNameWellFormed,
  mcpPlaceholdersWellFormed,
  hookFieldsFitEvent,
  permissionVerbInTools,
  commandUsesArguments,
  coreBodyPresent,
];
