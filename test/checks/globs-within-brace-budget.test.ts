import { globsWithinBraceBudget } from "../../src/core/checks/globs-within-brace-budget.js";
import { clientFixture, coreRule } from "../../src/diagnostics/client-fixture.js";
import { docsRuleWith } from "../../src/diagnostics/fixture-base.js";
import { checkTable } from "../support/check-harness.js";

const rule = docsRuleWith;
const groups = (n: number) => "{a,b}".repeat(n);

checkTable(globsWithinBraceBudget, {
  valid: [
    { name: "the passing example", files: globsWithinBraceBudget.examples.passing },
    { name: "nine groups of two: 512 patterns", files: rule(`["src/${groups(9)}/*.ts"]`) },
    {
      name: "two globs of 500 patterns each: exactly the budget",
      files: rule(`["${"{a,b,c,d,e}".repeat(3)}{a,b,c,d}/x", "${"{a,b,c,d,e}".repeat(3)}{f,g,h,i}/y"]`),
    },
    { name: "escaped braces are text", files: rule(`["${"\\\\{a,b\\\\}".repeat(40)}"]`) },
    { name: "unclosed braces are text", files: rule(`["${"{a,".repeat(2000)}"]`) },
  ],
  invalid: [
    {
      name: "the failing example",
      files: globsWithinBraceBudget.examples.failing,
      findings: [{ file: "rules/docs.md", line: 3, column: 9, message: "expands to 2,048 patterns" }],
    },
    {
      name: "40 groups of two: counted, never expanded",
      files: rule(`["src/**/*.ts", "${groups(40)}"]`),
      findings: [
        {
          file: "rules/docs.md",
          line: 3,
          column: 24,
          message:
            /expands to 1,099,511,627,776 patterns of .*, and the rule's globs before it to 1 of 11 bytes/,
        },
      ],
    },
    {
      name: "1,000 nested groups",
      files: rule(`["${"{x,".repeat(1001)}y${"}".repeat(1001)}"]`),
      findings: [
        { file: "rules/docs.md", line: 3, column: 9, message: "expands to more than 10^15 patterns" },
      ],
    },
    {
      name: "globs that fit alone but not together: the one past the budget",
      files: rule(`["${groups(9)}/x", "${groups(9)}/y"]`),
      findings: [
        { file: "rules/docs.md", line: 3, column: 60, message: "and the rule's globs before it to 512 of" },
      ],
    },
    {
      name: "few patterns, but more than 4 MiB of them",
      files: rule(`["${"w".repeat(5000)}{${Array.from({ length: 900 }, (_, i) => i).join(",")}}"]`),
      findings: [
        { file: "rules/docs.md", line: 3, column: 9, message: /expands to 900 patterns of 4\.3 MiB/ },
      ],
    },
    {
      name: "a core rule's globs",
      files: clientFixture({ "core/rules/style.md": coreRule("glob", ["Short."], [`src/${groups(20)}`]) }),
      findings: [
        {
          file: "core/rules/style.md",
          line: 4,
          column: 9,
          message: "expands to 1,048,576 patterns of 24.0 MiB",
        },
      ],
    },
  ],
});
