import type { RegistryCheckOf } from "../../diagnostics/check-meta.js";
import type { CapabilityPackage } from "../model.js";
import { packageContents } from "../package-contents.js";
import { withNotes } from "./capability-fixtures.js";

/** Also reported while the package files are read (read-package-files.ts), so it reads only the packages. */
export const capabilityPathsResolve: RegistryCheckOf<{ capabilities: CapabilityPackage[] }> = {
  id: "AGC098",
  slug: "capability-paths-resolve",
  stage: "registry",
  severity: "error",
  title: "What a capability manifest names is inside its package",
  description:
    "skills name skill folders (holding SKILL.md) or folders of them, inject a file, agents soul folders with soul.yaml and AGENTS.md, and a hook or command whose program contains a '/' a file of the package. Each must exist inside the package folder: the installed copy holds nothing else, so a path that leaves the folder or names a missing file would fail only in the project.",
  hint: "Add the file to the package folder, or fix the path (relative to the folder holding capability.json).",
  get examples() {
    return {
      passing: withNotes({}),
      failing: withNotes({ inject: "../shared/inject.md", hooks: { spawn: "bin/missing.mjs" } }),
      expected: [
        'capabilities/notes/capability.json:14:14: error AGC098 the program "bin/missing.mjs" is not in the package (capabilities/notes)',
        'capabilities/notes/capability.json:16:13: error AGC098 "../shared/inject.md" leaves the package folder (capabilities/notes)',
      ],
    };
  },
  *run(registry) {
    for (const pkg of registry.capabilities) {
      for (const problem of packageContents(pkg).problems)
        yield {
          position: pkg.document.positionOf(problem.path),
          message: `${problem.message} (${pkg.dir})`,
          hint: problem.hint,
        };
    }
  },
};
