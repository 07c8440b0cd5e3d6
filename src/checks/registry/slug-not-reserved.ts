import { ruleFile, withBase } from "../../diagnostics/fixture-base.js";
import { isReservedDeviceName } from "../../shared/slug.js";
import type { RegistryCheck } from "../check.js";

export const slugNotReserved: RegistryCheck = {
  id: "AGC021",
  slug: "slug-not-reserved",
  stage: "registry",
  severity: "error",
  title: "A slug must not be a reserved Windows device name",
  description:
    "The slug becomes a file or folder name. Windows cannot create files named con, prn, aux, nul, com1–com9 or lpt1–lpt9 (with any extension, in any case), so the install would fail there.",
  hint: "Rename the heading, e.g. '# Console output' instead of '# CON'.",
  get examples() {
    return {
      passing: withBase({
        "rules/console.md": ruleFile(["scope: global"], "# Console Output", ["- Log to stderr."]),
      }),
      failing: withBase({ "rules/console.md": ruleFile(["scope: global"], "# CON", ["- Log to stderr."]) }),
      expected: [
        'rules/console.md:4:1: error AGC021 Unexpected slug "con" from heading "CON": it is a reserved Windows device name',
      ],
    };
  },
  *run(registry) {
    for (const rule of registry.rules) {
      if (!isReservedDeviceName(rule.slug)) continue;
      yield {
        position: rule.heading,
        message: `Unexpected slug "${rule.slug}" from heading "${rule.title}": it is a reserved Windows device name`,
      };
    }
  },
};
