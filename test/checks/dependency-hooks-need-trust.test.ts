import { dependencyHooksNeedTrust } from "../../src/dependencies/checks/dependency-hooks-need-trust.js";
import { checkTable } from "../support/check-harness.js";

checkTable(dependencyHooksNeedTrust, {
  valid: [{ name: "the passing example", files: dependencyHooksNeedTrust.examples.passing }],
  // each invalid case lists every finding it expects: { file, line, column, message }
  invalid: [{ name: "the failing example", files: dependencyHooksNeedTrust.examples.failing, findings: [] }],
});
