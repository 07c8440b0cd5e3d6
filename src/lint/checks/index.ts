import type { Check } from "../../checks/check.js";
import { clientReadsConfigEntries } from "./client-reads-config-entries.js";
import { instructionImportOnce } from "./instruction-import-once.js";
import { instructionImportResolves } from "./instruction-import-resolves.js";
import { itemFrontmatterIsYaml } from "./item-frontmatter-is-yaml.js";
import { nativeFileRead } from "./native-file-read.js";
import { nativeFrontmatterDocumented } from "./native-frontmatter-documented.js";
import { ruleGlobsFieldRead } from "./rule-globs-field-read.js";
import { ruleGlobsMatchFiles } from "./rule-globs-match-files.js";
import { ruleGlobsWrittenAsRead } from "./rule-globs-written-as-read.js";
import { skillNameAndDescriptionValid } from "./skill-name-and-description-valid.js";

/** The findings of `agentc lint` (src/lint/): its examples are projects, linted with no registry. */
export const lintChecks: readonly Check[] = [
  nativeFrontmatterDocumented,
  skillNameAndDescriptionValid,
  ruleGlobsMatchFiles,
  ruleGlobsFieldRead,
  ruleGlobsWrittenAsRead,
  instructionImportResolves,
  instructionImportOnce,
  clientReadsConfigEntries,
  nativeFileRead,
  itemFrontmatterIsYaml,
];
