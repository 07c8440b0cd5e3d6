import { notesFiles, notesManifest, withCapability } from "../../capabilities/checks/capability-fixtures.js";
import type { RegistryCheck } from "../check.js";

const scaffolded = {
  ...notesManifest,
  hooks: { ...notesManifest.hooks, "soul-scaffold": "bin/hook.mjs scaffold" },
};
const soul = {
  ...notesFiles,
  "souls/scribe/soul.yaml": "name: scribe\ndescription: Keeps the notes.\n",
  "souls/scribe/AGENTS.md": "# Scribe\n\nKeeps the notes.\n",
};

export const soulScaffoldNotRun: RegistryCheck = {
  id: "AGC100",
  slug: "soul-scaffold-not-run",
  stage: "registry",
  severity: "warning",
  title: "A soul-scaffold hook has a soul to run for",
  description:
    "A soul-scaffold hook runs when a soul of the capability comes into being (seed 004: outside a spawn transaction, never required). agentc runs it once for each of the package's agent instances an install creates (.agents/local-agents/<agent>/), after the install has committed and only with the person's consent to run hooks, with the soul's name and folder in AGENTC_AGENT and AGENTC_SOUL (OATS_AGENT, OATS_SOUL). A package without agents has no soul in the project, so its soul-scaffold hook is shipped but never run.",
  hint: "Declare the agent souls the hook scaffolds under agents, or remove the hook.",
  get examples() {
    return {
      passing: withCapability({ ...scaffolded, agents: ["souls/scribe"] }, soul),
      failing: withCapability(scaffolded),
      expected: [
        'capabilities/notes/capability.json:19:22: warning AGC100 "acme.notes" has a soul-scaffold hook but no agents: agentc runs it for each agent instance an install creates, so it never runs',
      ],
    };
  },
  *run(registry) {
    for (const pkg of registry.capabilities) {
      if (!pkg.hooks.some((hook) => hook.event === "soul-scaffold")) continue;
      if ((pkg.manifest.agents ?? []).length > 0) continue;
      yield {
        position: pkg.document.positionOf(["hooks", "soul-scaffold"]),
        message: `"${pkg.manifest.capability}" has a soul-scaffold hook but no agents: agentc runs it for each agent instance an install creates, so it never runs`,
      };
    }
  },
};
