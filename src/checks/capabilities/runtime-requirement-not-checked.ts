import { withNotes } from "../../capabilities/checks/capability-fixtures.js";
import { isRuntimeRequirement } from "../../capabilities/model.js";
import type { RegistryCheck } from "../check.js";

export const runtimeRequirementNotChecked: RegistryCheck = {
  id: "AGC101",
  slug: "runtime-requirement-not-checked",
  stage: "registry",
  severity: "info",
  title: "A runtime package is offered, with consent, at an install that deploys its runtime",
  description:
    "A runtime package requirement (a pi package, a Claude Code plugin) is installed into that runtime's own package manager. agentc does not install it at build time. Seed 004 raises it only for deployments using that runtime: an install raises it only when it chooses a component that deploys the runtime (runtimes/<runtime>.json deployed_by: claude-code or claude-skills for Claude Code; pi has no agentc component), and reports it as not raised otherwise. Then the installer looks it up in the runtime's own package list where the runtime's CLI is present (runtimes/<runtime>.json says how), and offers it only with explicit consent, showing the exact command, the why, the documentation and the marketplace it registers (or --accept-requirement <package>). A decline is recorded and reported; nothing is installed silently.",
  hint: "Nothing to fix. In CI, pass --accept-requirement <package> to agentc install to install it without a prompt.",
  get examples() {
    return {
      passing: withNotes({
        requires: [{ command: "git", why: "Notes are versioned.", install: "apt install git" }],
      }),
      failing: withNotes({
        requires: [{ runtime: "claude", package: "notes@acme-plugins", why: "The notes viewer." }],
      }),
      expected: [
        'capabilities/notes/capability.json:21:5: info AGC101 "acme.notes" needs the claude package notes@acme-plugins (The notes viewer.); an install that deploys claude checks claude\'s own package list and offers it only with consent',
      ],
    };
  },
  *run(registry) {
    for (const pkg of registry.capabilities) {
      for (const [index, requirement] of (pkg.manifest.requires ?? []).entries()) {
        if (!isRuntimeRequirement(requirement)) continue;
        const source = requirement.marketplace ? ` from the marketplace ${requirement.marketplace}` : "";
        yield {
          position: pkg.document.positionOf(["requires", index]),
          message: `"${pkg.manifest.capability}" needs the ${requirement.runtime} package ${requirement.package}${source} (${requirement.why}); an install that deploys ${requirement.runtime} checks ${requirement.runtime}'s own package list and offers it only with consent`,
        };
      }
    }
  },
};
