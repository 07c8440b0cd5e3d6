import { nativeCopyWritten } from "../../src/emit/checks/native-copy-written.js";
import { checkTable } from "../support/check-harness.js";

checkTable(nativeCopyWritten, {
  valid: [{ name: "the passing example", files: nativeCopyWritten.examples.passing }],
  invalid: [
    {
      name: "a copy of a component targets.json does not choose",
      files: nativeCopyWritten.examples.failing,
      findings: [
        {
          file: "native.json",
          line: 5,
          column: 15,
          message: "no-such-pack is neither a chosen client pack nor a chosen adapter of targets.json",
        },
      ],
    },
  ],
});
