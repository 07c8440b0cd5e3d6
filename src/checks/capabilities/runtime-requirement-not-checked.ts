import { withNotes } from "../../capabilities/checks/capability-fixtures.js";
import { isRuntimeRequirement } from "../../capabilities/model.js";
import type { RegistryCheck } from "../check.js";

export const runtimeRequirementNotChecked: RegistryCheck = {
  id: "AGC101",
  slug: "runtime-requirement-not-checked",
  stage: "registry",
  severity: "warning",
  title: "agentc does not check a runtime package requirement",
  description:
    "A runtime package requirement (a pi package, a Claude Code plugin) is installed into that runtime's own package manager, with the person's consent. agentc neither checks nor installs it: host commands go to the installer's tool check, runtime packages only to this warning.",
  hint: "Install the package into the runtime yourself, as the message says.",
  examples: {
    passing: withNotes({
      requires: [{ command: "git", why: "Notes are versioned.", install: "apt install git" }],
    }),
    failing: withNotes({
      requires: [{ runtime: "claude", package: "notes@acme-plugins", why: "The notes viewer." }],
    }),
    expected: [
      'capabilities/notes/capability.json:21:5: warning AGC101 "acme.notes" needs the claude package notes@acme-plugins: The notes viewer.; agentc does not check runtimes',
    ],
  },
  *run(registry) {
    for (const pkg of registry.capabilities) {
      for (const [index, requirement] of (pkg.manifest.requires ?? []).entries()) {
        if (!isRuntimeRequirement(requirement)) continue;
        const where = requirement.install ? ` (see ${requirement.install})` : "";
        const source = requirement.marketplace ? ` from ${requirement.marketplace}` : "";
        yield {
          position: pkg.document.positionOf(["requires", index]),
          message: `"${pkg.manifest.capability}" needs the ${requirement.runtime} package ${requirement.package}: ${requirement.why}; agentc does not check runtimes`,
          hint: `Install ${requirement.package}${source} into ${requirement.runtime} yourself${where}.`,
        };
      }
    }
  },
};
