import { notesManifest, withNotes } from "../../capabilities/checks/capability-fixtures.js";
import type { RegistryCheck } from "../check.js";

export const spawnHookHasRetire: RegistryCheck = {
  id: "AGC099",
  slug: "spawn-hook-has-retire",
  stage: "registry",
  severity: "warning",
  title: "A required spawn hook has a retire hook",
  description:
    "A required spawn hook sets something up the capability cannot work without (a folder, an identity, a registration). Without a retire hook nothing undoes it when the capability is uninstalled or an install is rolled back.",
  hint: "Add a retire hook that undoes what spawn did.",
  get examples() {
    return {
      passing: withNotes({}),
      failing: withNotes({ hooks: { spawn: notesManifest.hooks.spawn } }),
      expected: [
        'capabilities/notes/capability.json:14:14: warning AGC099 "acme.notes" has a required spawn hook and no retire hook: nothing can undo what the spawn did',
      ],
    };
  },
  *run(registry) {
    for (const pkg of registry.capabilities) {
      const spawn = pkg.hooks.find((hook) => hook.event === "spawn");
      if (!spawn?.required || pkg.hooks.some((hook) => hook.event === "retire")) continue;
      yield {
        position: pkg.document.positionOf(["hooks", "spawn"]),
        message: `"${pkg.manifest.capability}" has a required spawn hook and no retire hook: nothing can undo what the spawn did`,
      };
    }
  },
};
