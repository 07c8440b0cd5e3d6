/** The guard's secret-path rule, for the checks (it lives in shared/, below the readers that use it too). */
export { secretPathRule } from "../shared/secret-path-rule.js";
