import { notesManifest, withNotes } from "../../capabilities/checks/capability-fixtures.js";
import type { RegistryCheck } from "../check.js";

export const soulScaffoldNotRun: RegistryCheck = {
  id: "AGC100",
  slug: "soul-scaffold-not-run",
  stage: "registry",
  severity: "warning",
  title: "agentc never runs a soul-scaffold hook",
  description:
    "A soul-scaffold hook runs when a runtime creates a new agent soul from the capability. agentc installs the package's souls as they are and creates no others, so the hook is shipped in the package but never run.",
  hint: "Remove the hook if the capability needs it under agentc, or run it yourself after installing.",
  examples: {
    passing: withNotes({}),
    failing: withNotes({ hooks: { ...notesManifest.hooks, "soul-scaffold": "bin/hook.mjs scaffold" } }),
    expected: [
      'capabilities/notes/capability.json:19:22: warning AGC100 "acme.notes" has a soul-scaffold hook; agentc ships it but never runs it',
    ],
  },
  *run(registry) {
    for (const pkg of registry.capabilities) {
      if (!pkg.hooks.some((hook) => hook.event === "soul-scaffold")) continue;
      yield {
        position: pkg.document.positionOf(["hooks", "soul-scaffold"]),
        message: `"${pkg.manifest.capability}" has a soul-scaffold hook; agentc ships it but never runs it`,
      };
    }
  },
};
