import type { Finding } from "../../diagnostics/check-meta.js";
import { sourcesWith, withBase } from "../../diagnostics/fixture-base.js";
import { didYouMean } from "../../shared/nearest-name.js";
import type { RegistryCheck } from "../check.js";

const scoped = (adapters: string[]) =>
  withBase({
    "sources.json": sourcesWith({
      sources: [{ name: "custom", kind: "custom", path: "rules", enabled: true, adapters }],
    }),
  });

export const sourceAdaptersUsed: RegistryCheck = {
  id: "AGC211",
  slug: "source-adapters-used",
  stage: "registry",
  severity: "warning",
  title: "Each adapter a source's scope names is one the build uses",
  description:
    "A source of sources.json with `adapters` is written by those adapters alone (agentc import gives the rules of an assistant's own rule folder such a source, since no other assistant read them). An id there that is no adapter of this build writes nothing: a misspelt id, or an adapter targets.json no longer chooses; when none of its ids is used, the source's rules reach no file at all.",
  hint: "Name adapters targets.json chooses, remove the id, or remove `adapters` so that every adapter writes the source's rules.",
  get examples() {
    return {
      passing: scoped(["agents-md"]),
      failing: scoped(["agents-mb"]),
      expected: [
        'sources.json:14:9: warning AGC211 source "custom" is scoped to adapter "agents-mb", which this build does not use (its adapters: agents-md); no adapter writes the source\'s rules',
      ],
    };
  },
  run(registry) {
    const findings: Finding[] = [];
    const used = registry.adapters.map((a) => a.adapter.id);
    for (const [index, source] of registry.sources.sources.entries()) {
      const scope = source.adapters ?? [];
      const none = scope.length > 0 && scope.every((id) => !used.includes(id));
      scope.forEach((id, at) => {
        if (used.includes(id)) return;
        findings.push({
          position: registry.sourcesDocument.positionOf(["sources", index, "adapters", at]),
          message: `source "${source.name}" is scoped to adapter "${id}", which this build does not use (its adapters: ${used.join(", ") || "none"})${none ? "; no adapter writes the source's rules" : ""}`,
          hint: `${didYouMean(id, used)}Name an adapter targets.json chooses, choose "${id}" there, or remove it from the source's adapters.`,
        });
      });
    }
    return findings;
  },
};
