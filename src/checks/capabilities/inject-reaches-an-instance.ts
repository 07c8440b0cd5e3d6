import { notesFiles, notesManifest, withCapability } from "../../capabilities/checks/capability-fixtures.js";
import type { RegistryCheck } from "../check.js";

const injected = { ...notesManifest, inject: "inject.md" };
const injectFile = { ...notesFiles, "inject.md": "Keep notes in ACME_NOTES_DIR.\n" };

export const injectReachesAnInstance: RegistryCheck = {
  id: "AGC103",
  slug: "inject-reaches-an-instance",
  stage: "registry",
  severity: "warning",
  title: "A package's inject text reaches an agent instance",
  description:
    "agentc puts a package's inject text into the AGENTS.md of each of the package's agent instances (.agents/local-agents/<agent>/). It does not add it to the project's own instructions, so in a package without agents the text is shipped in the package folder and read by no assistant.",
  hint: "Declare the agent souls the text is for under agents, or move the instructions into a rule of the registry (or a core/ rule) so every assistant gets them.",
  get examples() {
    return {
      passing: withCapability(notesManifest),
      failing: withCapability(injected, injectFile),
      expected: [
        'capabilities/notes/capability.json:20:13: warning AGC103 "acme.notes" has inject text but no agents: no assistant reads it',
      ],
    };
  },
  *run(registry) {
    for (const pkg of registry.capabilities) {
      if (pkg.manifest.inject === undefined || (pkg.manifest.agents ?? []).length > 0) continue;
      yield {
        position: pkg.document.positionOf(["inject"]),
        message: `"${pkg.manifest.capability}" has inject text but no agents: no assistant reads it`,
      };
    }
  },
};
