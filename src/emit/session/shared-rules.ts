import type { ClientPack } from "../../clients/model.js";
import type { Registry } from "../../registry/model.js";
import type { LoadedItem } from "../../session-load/listed-items.js";
import type { ProjectTree } from "../../session-load/project-tree.js";
import { readModel } from "../../session-load/read-model.js";
import { type RuleMeaning, ruleFolderOf, ruleMeaning } from "../../session-load/rule-files.js";
import { type SessionLoad, sessionLoad } from "../../session-load/session-load.js";
import type { EmittedFile } from "../emitted-tree.js";
import { installedTree } from "./installed-tree.js";

/** A rule a client reads from another component's file, which its own component now owns a copy of. */
export interface SharedRule {
  client: string;
  name: string;
  /** The file the client reads. */
  path: string;
  /** The components the file was written for. */
  writtenFor: string[];
  /** When the client loads that file; undefined when it is when the client's own file would load. */
  loadsOtherwise?: "always" | string[];
}

/**
 * Where a client would read one rule from two files with the same text — its own and another component's
 * (a client that reads another client's rule folder besides its own) — its own is not written, and its
 * component owns an identical copy of the other file instead, so it is installed with either component and
 * read once. When the other file loads differently (every session, where its own waited for a match), the
 * client's row says so. Files whose texts differ are left for AGC151 to report.
 */
export function shareRules(
  registry: Registry,
  files: EmittedFile[],
): { files: EmittedFile[]; shared: SharedRule[] } {
  if (registry.clients.length === 0) return { files, shared: [] };
  const tree = installedTree(registry, files, "link");
  const loads = registry.clients.map(({ pack }) => ({ pack, load: sessionLoad(pack, tree) }));
  const dropped = new Set<string>();
  const added: EmittedFile[] = [];
  const shared: SharedRule[] = [];
  for (const { pack, load } of loads) {
    for (const item of load.items.filter((i) => i.kind === "rule" && i.copies.length > 0)) {
      const plan = sharing(pack, item, files, tree, loads);
      if (!plan) continue;
      const loadsOtherwise = plan.same
        ? {}
        : { loadsOtherwise: plan.target.always ? ("always" as const) : plan.target.globs };
      for (const path of plan.own) dropped.add(`${pack.client}\0${path}`);
      const copy = files.find((f) => f.path === plan.path);
      if (copy) added.push({ ...copy, component: pack.client, copyOf: copy.component });
      const writtenFor = componentsAt(files, plan.path);
      shared.push({ client: pack.client, name: item.name, path: plan.path, writtenFor, ...loadsOtherwise });
    }
  }
  const kept = files.filter((f) => !dropped.has(`${f.component}\0${f.path}`));
  return { files: [...kept, ...added], shared };
}

function sharing(
  pack: ClientPack,
  item: LoadedItem,
  files: readonly EmittedFile[],
  tree: ProjectTree,
  loads: readonly { pack: ClientPack; load: SessionLoad }[],
): { own: string[]; path: string; target: RuleMeaning; same: boolean } | undefined {
  const paths = [item.path, ...item.copies];
  const own = paths.filter((p) => componentsAt(files, p).includes(pack.client));
  const path = paths.find((p) => !own.includes(p));
  if (own.length === 0 || path === undefined) return undefined;
  const folders = readModel(pack).rules;
  const meaning = (at: string): RuleMeaning | undefined => {
    const folder = ruleFolderOf(folders, at);
    const text = tree.text(at);
    return folder && text !== undefined ? ruleMeaning(folder, text) : undefined;
  };
  const target = meaning(path);
  const mine = own.map(meaning);
  if (!target || !paths.map(meaning).every((m) => m?.body === target.body)) return undefined;
  const usedElsewhere = loads.some(
    (other) => other.pack !== pack && other.load.items.some((i) => own.some((p) => usesPath(i, p))),
  );
  if (usedElsewhere) return undefined;
  const same = mine.every((m) => JSON.stringify(m) === JSON.stringify(target));
  return { own, path, target, same };
}

function usesPath(item: LoadedItem, path: string): boolean {
  return item.path === path || item.copies.includes(path) || item.shadowed.includes(path);
}

function componentsAt(files: readonly EmittedFile[], path: string): string[] {
  return [...new Set(files.filter((f) => f.path === path).map((f) => f.component))].sort();
}
