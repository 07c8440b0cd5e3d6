import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { type BundleSpec, install, makeBundle } from "./install-fixture.js";
import { testdir } from "./testdir.js";

/** An upgrade that exercises every kind of action: update, create, remove, beside, legacy, move aside, link. */
export const upgradeFrom: BundleSpec = {
  version: "1.0.0",
  components: {
    core: {
      required: true,
      files: { "AGENTS.md": "# rules v1\n", "bin/tool.sh": "#!/bin/sh\necho 1\n" },
      executables: ["bin/tool.sh"],
      seeds: { "docs/notes.md": "seed v1\n" },
    },
    claude: {
      owned_dirs: [".claude/rules"],
      files: { ".claude/rules/a.md": "a v1\n", ".claude/rules/gone.md": "gone v1\n" },
      symlinks: ["CLAUDE.md :: AGENTS.md :: import:@AGENTS.md"],
      preserve: ["*.local.md"],
    },
  },
};

export const upgradeTo: BundleSpec = {
  version: "2.0.0",
  components: {
    core: {
      required: true,
      files: {
        "AGENTS.md": "# rules v2\n",
        "bin/tool.sh": "#!/bin/sh\necho 2\n",
        "new/deep/file.md": "new\n",
      },
      executables: ["bin/tool.sh"],
      seeds: { "docs/notes.md": "seed v2\n" },
      remove: ["legacy.md"],
      scaffold_dirs: ["scratch"],
    },
    claude: {
      owned_dirs: [".claude/rules"],
      files: { ".claude/rules/a.md": "a v2\n", ".claude/rules/b.md": "b v2\n" },
      symlinks: ["CLAUDE.md :: AGENTS.md :: import:@AGENTS.md"],
      preserve: ["*.local.md"],
    },
  },
  seedHistory: { "docs/notes.md": ["seed v1\n"], "legacy.md": ["legacy\n"] },
};

/** A project with v1 installed and the user's own edits and files around it. */
export function upgradeProject(): { project: string; bundle: string } {
  const project = testdir({
    "README.md": "the user's readme\n",
    "legacy.md": "legacy\n",
    ".claude/rules/mine.local.md": "mine\n",
  });
  const status = install(makeBundle(upgradeFrom), project).status;
  if (status !== 0) throw new Error("setup install failed");
  writeFileSync(join(project, "docs/notes.md"), "the user's notes\n");
  writeFileSync(join(project, ".claude/rules/stray.md"), "a stray file\n");
  return { project, bundle: makeBundle(upgradeTo) };
}

export function freshProject(): { project: string; bundle: string } {
  return { project: testdir({ "README.md": "the user's readme\n" }), bundle: makeBundle(upgradeTo) };
}
