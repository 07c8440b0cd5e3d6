import { builtinClientPacks } from "../../clients/load-client-packs.js";
import type { ClientPack } from "../../clients/model.js";
import type { DesiredAdopt } from "../../manifest/desired.js";
import {
  diskTree,
  importPaths,
  overlayTree,
  type ProjectTree,
  sessionLoad,
} from "../../session-load/index.js";

/**
 * The import lines agentc must write for its client to read the file they import: those of a component whose
 * client (the built-in pack of the same id), read with the person's settings from `home`, would not load the
 * import's target from the project without the line, and would with it (a client whose person's setting
 * says it never reads the always-on file, whatever else the project has: docs/clients.md). An adopt line's
 * own `when` files decide the rest, as install.sh decides them all.
 */
export function adoptImportsUnread(root: string, home: string, adopts: readonly DesiredAdopt[]): Set<string> {
  const project = diskTree(root);
  const person = diskTree(home);
  const packs = new Map(builtinClientPacks().map(({ pack }) => [pack.client, pack]));
  const unread = new Set<string>();
  for (const adopt of adopts) {
    const pack = packs.get(adopt.component);
    if (adopt.how.kind !== "import" || !pack?.reads?.modes) continue;
    const [target] = importPaths({ source: adopt.path, text: adopt.body }, pack.instruction_imports ?? []);
    if (target === undefined) continue;
    const present = overlayTree(project, { files: [{ path: target, text: target }] });
    const withImport = overlayTree(present, { files: [{ path: adopt.path, text: adopt.body }] });
    if (!loads(pack, present, person, target) && loads(pack, withImport, person, target))
      unread.add(adopt.path);
  }
  return unread;
}

function loads(pack: ClientPack, tree: ProjectTree, home: ProjectTree, path: string): boolean {
  return sessionLoad(pack, tree, home).texts.some((text) => text.source === path);
}
