import type { Finding } from "../../diagnostics/check-meta.js";
import { agentsMdAdapter, targetsWith, withBase } from "../../diagnostics/fixture-base.js";
import { knownSlots, slotPattern, templateLines } from "../../emit/adapters/frontmatter-template.js";
import type { ResolvedAdapter, Slot } from "../../registry/model.js";
import type { RegistryCheck } from "../check.js";
import { adapterFieldPosition, adapterLabel } from "../positions.js";

const rulesAdapter = (frontmatter: string[]) =>
  withBase({
    "targets.json": targetsWith([
      agentsMdAdapter,
      { id: "rules-dir", output_dir: ".rules", extension: ".md", scoped_layout: "flat", frontmatter },
    ]),
  });

export const frontmatterTemplateValid: RegistryCheck = {
  id: "AGC023",
  slug: "frontmatter-template-valid",
  stage: "registry",
  severity: "error",
  title: "An adapter's frontmatter template must be a '---' block using known slots",
  description: `The template is written at the top of every file the adapter emits. Its first and last lines must be '---', or the assistant reads the frontmatter as text. Slots are ${knownSlots.map((s) => `{${s}}`).join(", ")}; any other {name} would be written literally.`,
  hint: "Start and end the template with '---' and use only the slots listed above.",
  get examples() {
    return {
      passing: rulesAdapter(["---", "paths: {globs}", "---"]),
      failing: rulesAdapter(["paths: {glob}", "---"]),
      expected: [
        'targets.json:21:9: error AGC023 Unexpected first template line "paths: {glob}" in "rules-dir", expected "---"',
        'targets.json:21:9: error AGC023 Unexpected slot "{glob}" in the template of "rules-dir", expected one of {alwaysApply} {globs} {globs_yaml} {globs_csv} {description} {slug}',
      ],
    };
  },
  *run(registry) {
    for (const resolved of registry.adapters) yield* templateProblems(resolved);
  },
};

function* templateProblems(resolved: ResolvedAdapter): Iterable<Finding> {
  const template = resolved.adapter.frontmatter;
  const lines = templateLines(resolved.adapter);
  if (template === undefined || lines.length === 0) return;
  const at = (index: number) =>
    adapterFieldPosition(resolved, Array.isArray(template) ? ["frontmatter", index] : ["frontmatter"]);
  const label = adapterLabel(resolved);
  if (lines[0] !== "---") {
    yield {
      position: at(0),
      message: `Unexpected first template line "${lines[0]}" in ${label}, expected "---"`,
    };
  }
  const last = lines.length - 1;
  if (last === 0 || lines[last] !== "---") {
    const found = last === 0 ? "no closing line" : `"${lines[last]}"`;
    yield {
      position: at(last),
      message: `Unexpected last template line: ${found} in ${label}, expected "---"`,
    };
  }
  for (const [index, line] of lines.entries()) {
    for (const match of line.matchAll(slotPattern)) {
      if (knownSlots.includes(match[1] as Slot)) continue;
      yield {
        position: at(index),
        message: `Unexpected slot "${match[0]}" in the template of ${label}, expected one of ${knownSlots.map((s) => `{${s}}`).join(" ")}`,
      };
    }
  }
}
