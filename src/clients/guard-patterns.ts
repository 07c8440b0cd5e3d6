/** The guard's secret-path rules, for the checks (they live in shared/, below the readers that use them too). */
export { secretDirRules, secretPathRule } from "../shared/secret-path-rule.js";
