import { nativeCopyWritten } from "../../src/emit/checks/native-copy-written.js";
import { checkTable } from "../support/check-harness.js";

checkTable(nativeCopyWritten, {
  valid: [{ name: "the passing example", files: nativeCopyWritten.examples.passing }],
  // each invalid case lists every finding it expects: { file, line, column, message }
  invalid: [{ name: "the failing example", files: nativeCopyWritten.examples.failing, findings: [] }],
});
