import { diagnostic, type InlineCheck } from "../../diagnostics/check-meta.js";
import { clientFixture } from "../../diagnostics/client-fixture.js";
import { reviewSkill } from "../../diagnostics/core-fixtures.js";
import type { Diagnostic } from "../../diagnostics/diagnostic.js";

export const readsStayInsideRegistry: InlineCheck = {
  id: "AGC104",
  slug: "reads-stay-inside-registry",
  stage: "load",
  severity: "error",
  title: "Every file a build reads is inside the registry",
  description:
    "Everything a build reads (rules, core/, clients/, seeds, owned assets, capability packages) is copied into files every project installs. A path, or a symbolic link on it, that resolves outside the registry folder would publish a file of the machine that builds (a password file, ~/.aws/credentials): it is refused and not read. Inside a capability package the fence is the package folder, since the installed copy holds only the package. Links that stay inside keep working.",
  hint: "Copy the file into the registry (or into the package folder) instead of linking to it, or point the link at a file inside.",
  get examples() {
    return {
      passing: clientFixture({
        "core/skills/review/SKILL.md": reviewSkill,
        "core/skills/review/checklist.md": "- Tests pass.\n",
      }),
      failing: clientFixture({ "core/skills/review/SKILL.md": reviewSkill }),
      failingLinks: { "core/skills/review/checklist.md": "/etc/passwd" },
      expected: [
        "core/skills/review/checklist.md:1:1: error AGC104 core/skills/review/checklist.md is a link to /etc/passwd, outside the registry folder",
      ],
    };
  },
};

/** A link whose target lies outside the fence (`fence`: "the registry folder" or the package's). */
export function linkOutsideFinding(link: string, target: string, fence: string): Diagnostic {
  return diagnostic(readsStayInsideRegistry, {
    position: { file: link, line: 1, column: 1 },
    message: `${link} is a link to ${target}, outside ${fence}`,
  });
}
