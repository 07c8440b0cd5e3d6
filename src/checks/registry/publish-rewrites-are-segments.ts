import { agentsMdAdapter, targetsWith, withBase } from "../../diagnostics/fixture-base.js";
import { pathProblem } from "../../shared/path-check.js";
import type { RegistryCheck } from "../check.js";

const rewrites = (pairs: [string, string][]) =>
  withBase({ "targets.json": targetsWith([agentsMdAdapter], { publish_rewrites: pairs }) });

export const publishRewritesAreSegments: RegistryCheck = {
  id: "AGC038",
  slug: "publish-rewrites-are-segments",
  stage: "registry",
  severity: "error",
  title: "publish_rewrites must rename one safe path segment to another, once",
  description:
    "A rewrite renames a path segment (e.g. .github → github-dir) in the published tree only, and the installer reverses it per download. Both sides must be single safe segments and distinct, and a segment may be rewritten once, or the reversal would be ambiguous.",
  hint: 'Use pairs of plain folder names, e.g. [".github", "github-dir"].',
  get examples() {
    return {
      passing: rewrites([[".github", "github-dir"]]),
      failing: rewrites([[".github/workflows", "workflows"]]),
      expected: [
        "targets.json:18:7: error AGC038 Unexpected publish_rewrites segment \".github/workflows\": it holds a '/'; expected one folder or file name",
      ],
    };
  },
  *run(registry) {
    const seen = new Set<string>();
    for (const [index, pair] of (registry.targets.publish_rewrites ?? []).entries()) {
      for (const [side, segment] of pair.entries()) {
        const problem = segment.includes("/") ? "holds a '/'" : pathProblem(segment);
        if (!problem) continue;
        yield {
          position: registry.targetsDocument.positionOf(["publish_rewrites", index, side]),
          message: `Unexpected publish_rewrites segment "${segment}": it ${problem}; expected one folder or file name`,
        };
      }
      const [from, to] = pair;
      const again = seen.has(from) || seen.has(to) || from === to;
      seen.add(from).add(to);
      if (!again) continue;
      yield {
        position: registry.targetsDocument.positionOf(["publish_rewrites", index]),
        message: `Unexpected publish_rewrites pair ["${from}", "${to}"]: a segment is rewritten twice or to itself, expected each segment once`,
      };
    }
  },
};
