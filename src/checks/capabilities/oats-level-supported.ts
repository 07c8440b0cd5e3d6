import { withNotes } from "../../capabilities/checks/capability-fixtures.js";
import { oatsCompatibilityProblem, oatsLevel } from "../../capabilities/oats-level.js";
import type { RegistryCheck } from "../check.js";

export const oatsLevelSupported: RegistryCheck = {
  id: "AGC142",
  slug: "oats-level-supported",
  stage: "registry",
  severity: "error",
  title: "A capability package's compatibility.oats includes the OATS level agentc implements",
  description: `compatibility.oats says which OATS versions a package works with, as an npm-style range ("0.22" is 0.22.x). agentc implements the capability manifest of OATS ${oatsLevel} (seed 004); a package that asks for another level may rely on fields or behaviour agentc does not have, so it is not built.`,
  hint: `Build the package for OATS ${oatsLevel} and widen compatibility.oats to include it (e.g. ">=0.22 <0.23"), or leave the package out of this registry.`,
  get examples() {
    return {
      passing: withNotes({ compatibility: { oats: ">=0.20 <0.23" } }),
      failing: withNotes({ compatibility: { oats: "^0.30" } }),
      expected: [
        'capabilities/notes/capability.json:21:13: error AGC142 "acme.notes" cannot be built: it asks for OATS ^0.30, and agentc implements OATS 0.22.0',
      ],
    };
  },
  *run(registry) {
    for (const pkg of registry.capabilities) {
      const range = pkg.manifest.compatibility?.oats;
      if (range === undefined) continue;
      const problem = oatsCompatibilityProblem(range);
      if (problem)
        yield {
          position: pkg.document.positionOf(["compatibility", "oats"]),
          message: `"${pkg.manifest.capability}" cannot be built: ${problem}`,
        };
    }
  },
};
