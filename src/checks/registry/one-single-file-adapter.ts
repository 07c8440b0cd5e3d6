import { agentsMdAdapter, targetsWith, withBase } from "../../diagnostics/fixture-base.js";
import type { RegistryCheck } from "../check.js";
import { adapterFieldPosition, adapterLabel } from "../positions.js";

export const oneSingleFileAdapter: RegistryCheck = {
  id: "AGC022",
  slug: "one-single-file-adapter",
  stage: "registry",
  severity: "error",
  title: "Exactly one adapter must have global_placement single_file",
  description:
    "The single_file adapter writes the one always-on file that carries every global rule (AGENTS.md in the built-ins). With none, global rules reach no assistant that relies on it; with two, the same text is loaded twice or two files disagree.",
  hint: "Keep single_file on one adapter; give the others pinned_module (their own always-on module) or none.",
  get examples() {
    return {
      passing: withBase({}),
      failing: withBase({
        "targets.json": targetsWith([{ ...agentsMdAdapter, global_placement: "pinned_module" }]),
      }),
      expected: [
        "targets.json:4:3: error AGC022 Unexpected adapter list without a single_file adapter, expected exactly one",
      ],
    };
  },
  *run(registry) {
    const singles = registry.adapters.filter((a) => a.adapter.global_placement === "single_file");
    if (singles.length === 0) {
      const hasTargets = registry.targets.targets !== undefined;
      yield {
        position: registry.targetsDocument.positionOf(hasTargets ? ["targets"] : [], "key"),
        message: "Unexpected adapter list without a single_file adapter, expected exactly one",
      };
      return;
    }
    const [first, ...extra] = singles;
    for (const resolved of extra) {
      yield {
        position: adapterFieldPosition(resolved, ["global_placement"]),
        message: `Unexpected second single_file adapter ${adapterLabel(resolved)}: ${adapterLabel(first ?? resolved)} already writes the always-on file`,
        ...(first
          ? {
              related: [
                {
                  position: adapterFieldPosition(first, ["global_placement"]),
                  message: "the first single_file adapter",
                },
              ],
            }
          : {}),
      };
    }
  },
};
