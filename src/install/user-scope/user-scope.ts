import { join } from "node:path";
import type { DesiredAdopt } from "../../manifest/desired.js";
import type { Manifest } from "../../manifest/manifest-model.js";
import { isFolder } from "../../shared/make-folders.js";
import type { LoadedBundle } from "../bundle/local-bundle.js";
import { agentcOwnDir } from "../model/agentc-dir.js";
import { userAgentcDir, userConfigHome, userScopeHome } from "../model/user-home.js";
import { userBundle } from "./user-bundle.js";
import { userLayouts } from "./user-layouts.js";

type Loaded = Extract<LoadedBundle, { ok: true }>;

/** The home folder a user-scope run works in, or why it cannot (docs/user-scope.md). */
export function userScopeRoot(): { ok: true; root: string } | { ok: false; problem: string } {
  const home = userScopeHome();
  if (!home) return { ok: false, problem: "--scope user: your home folder (HOME) does not exist" };
  if (!userAgentcDir(home))
    return {
      ok: false,
      problem: `--scope user: the config folder ${userConfigHome(home)} (XDG_CONFIG_HOME) lies outside your home folder ${home}; agentc keeps the user-scope record in <config>/agentc/user inside it so that one transaction covers both — unset XDG_CONFIG_HOME or point it inside ${home}`,
    };
  return { ok: true, root: home };
}

/** Why a project install may not go into `root`: it is the person's home folder, which is the user scope. */
export function homeAsProjectProblem(root: string): string | undefined {
  if (root !== userScopeHome()) return undefined;
  return `${root} is your home folder: a project install would put project files where the clients read your own user-level files; install into a project folder, or use --scope user for your user-level files`;
}

/** The bundle mapped to the person's home folder, or why it cannot be (capability packages live in projects). */
export function userScopeBundle(
  bundle: Loaded,
  manifest: Manifest,
  components: readonly string[],
  root: string,
): LoadedBundle {
  const capabilities = components.filter((id) => manifest.install.components[id]?.capability);
  if (capabilities.length > 0)
    return {
      ok: false,
      problems: [
        `--scope user: ${capabilities.join(", ")} ${capabilities.length === 1 ? "is a capability package" : "are capability packages"}, which install into projects only; leave ${capabilities.length === 1 ? "it" : "them"} out with --components`,
      ],
    };
  const reserved = agentcOwnDir(root);
  const layouts = userLayouts(root);
  const present = [...layouts].filter(([, l]) => l.detect !== undefined && isFolder(join(root, l.detect)));
  return userBundle(bundle, layouts, reserved, new Set(present.map(([id]) => id)));
}

/**
 * At user level a client reads only its own instruction file, never the file an import names: every import line
 * is written (into the person's file as a block, or as a file of its own).
 */
export function userImportsUnread(adopts: readonly DesiredAdopt[]): Set<string> {
  return new Set(adopts.filter((a) => a.how.kind === "import").map((a) => a.path));
}
