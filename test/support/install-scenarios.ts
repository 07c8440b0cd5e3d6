import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { type BundleSpec, install, makeBundle } from "./install-fixture.js";
import { runAgentcWithEnv } from "./run-cli.js";
import { testdir } from "./testdir.js";

/** An upgrade that exercises every kind of action: update, create, remove, beside, legacy, move aside, link. */
export const upgradeFrom: BundleSpec = {
  version: "1.0.0",
  components: {
    core: {
      required: true,
      files: { "AGENTS.md": "# rules v1\n", "bin/tool.sh": "#!/bin/sh\necho 1\n", "legacy.md": "legacy\n" },
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
  seedHistory: { "docs/notes.md": ["seed v1\n"] },
};

/**
 * A project with v1 installed and the user's own edits and files around it; v1 wrote legacy.md, which v2's
 * `remove` deletes (a bundle deletes only what agentc's record shows it wrote).
 */
export async function upgradeProject(): Promise<{ project: string; bundle: string }> {
  const project = testdir({
    "README.md": "the user's readme\n",
    ".claude/rules/mine.local.md": "mine\n",
  });
  const status = (await install(makeBundle(upgradeFrom), project)).status;
  if (status !== 0) throw new Error("setup install failed");
  writeFileSync(join(project, "docs/notes.md"), "the user's notes\n");
  writeFileSync(join(project, ".claude/rules/stray.md"), "a stray file\n");
  return { project, bundle: makeBundle(upgradeTo) };
}

export function freshProject(): { project: string; bundle: string } {
  return { project: testdir({ "README.md": "the user's readme\n" }), bundle: makeBundle(upgradeTo) };
}

/** A skills folder, and `.agents/skills` linked to it; where links are refused, the folder is copied. */
export function folderLinkSpec(version: number, linkTo = ".claude/skills"): BundleSpec {
  return {
    version: `${version}.0.0`,
    components: {
      c: {
        owned_dirs: [".claude/skills", ".claude/other"],
        files: {
          "AGENTS.md": "# rules\n",
          ".claude/skills/x/SKILL.md": `x v${version}\n`,
          ".claude/skills/y/SKILL.md": "y\n",
          ".claude/skills/y/run.sh": "#!/bin/sh\necho y\n",
          ".claude/other/z/SKILL.md": "z\n",
        },
        executables: [".claude/skills/y/run.sh"],
        symlinks: [`.agents/skills :: ${linkTo} :: copy`],
      },
    },
  };
}

/** The environment that makes every link the installer tries fail with EPERM (src/install/apply/fs-ops.ts). */
export const linksRefused = { AGENTC_FORCE_SYMLINK_EPERM: "1" };

/** A project where links are refused, about to get v1 of the folder link (copied). */
export function freshFolderProject(): { project: string; bundle: string } {
  return { project: testdir({ "README.md": "the user's readme\n" }), bundle: makeBundle(folderLinkSpec(1)) };
}

/** A project where links were refused when v1 was installed (so `.agents/skills` is a copy), and v2. */
export async function copiedFolderProject(): Promise<{ project: string; bundle: string }> {
  const project = testdir({ "README.md": "the user's readme\n" });
  const r = await runAgentcWithEnv(
    ["install", makeBundle(folderLinkSpec(1)), "--project", project, "--yes"],
    linksRefused,
  );
  if (r.status !== 0) throw new Error(`setup install failed: ${r.stderr}`);
  return { project, bundle: makeBundle(folderLinkSpec(2)) };
}
