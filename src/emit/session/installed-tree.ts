import { composeJson, composeToml } from "../../compose/index.js";
import type { Registry } from "../../registry/model.js";
import {
  memoryTree,
  type ProjectTree,
  type TreeFile,
  type TreeLink,
} from "../../session-load/project-tree.js";
import { type SessionLoad, sessionLoad } from "../../session-load/session-load.js";
import type { ComposedFile, EmittedFile } from "../emitted-tree.js";

/** How the install makes an adapter's link: a link, or the file it writes where the system refuses links. */
export type LinkForm = "link" | "fallback";

export const linkForms: readonly LinkForm[] = ["link", "fallback"];

/**
 * The project a full install of the build makes, as a tree: every emitted file, the shared files with the
 * values composed into them, and each adapter link as a link, or as its fallback (a copy of the target, or
 * the import text).
 */
export function installedTree(
  registry: Registry,
  files: readonly EmittedFile[],
  form: LinkForm,
  composed: readonly ComposedFile[] = [],
): ProjectTree {
  const texts: TreeFile[] = [
    ...files.map((f) => ({ path: f.path, text: f.bytes.toString("utf8") })),
    ...composedTexts(composed),
  ];
  const links: TreeLink[] = [];
  const written = new Map(texts.map((t) => [t.path, t.text]));
  for (const { adapter } of registry.adapters) {
    for (const spec of adapter.install?.adapter_symlinks ?? []) {
      if (form === "link") links.push({ path: spec.link, target: spec.target });
      else if (spec.fallback === "import")
        texts.unshift({
          path: spec.link,
          text: (spec.import_template ?? "").replaceAll("{target}", spec.target),
        });
      else texts.unshift({ path: spec.link, text: written.get(spec.target) ?? "" });
    }
  }
  return memoryTree(texts, links);
}

/** What each chosen client loads at session start from a full install, in the given link form. */
export function clientSessions(
  registry: Registry,
  files: readonly EmittedFile[],
  form: LinkForm,
  composed: readonly ComposedFile[] = [],
): SessionLoad[] {
  const tree = installedTree(registry, files, form, composed);
  return registry.clients.map(({ pack }) => sessionLoad(pack, tree));
}

/** Each shared file as a first install writes it: every component's values composed into an empty file. */
function composedTexts(composed: readonly ComposedFile[]): TreeFile[] {
  const byPath = new Map<string, string | undefined>();
  for (const file of composed) {
    const compose = file.format === "json" ? composeJson : composeToml;
    byPath.set(file.path, compose(byPath.get(file.path), file.entries, []).text);
  }
  return [...byPath].map(([path, text]) => ({ path, text: text ?? "" }));
}
