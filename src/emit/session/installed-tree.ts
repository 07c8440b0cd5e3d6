import { composeFile } from "../../compose/index.js";
import type { Registry } from "../../registry/model.js";
import {
  memoryTree,
  type ProjectTree,
  type TreeFile,
  type TreeLink,
} from "../../session-load/project-tree.js";
import { type SessionLoad, sessionLoad } from "../../session-load/session-load.js";
import { countWork } from "../../shared/work-counts.js";
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
  composed: readonly ComposedFile[] = noComposed,
): ProjectTree {
  const texts: TreeFile[] = [...files.map((f) => new DecodedOnRead(f)), ...composedTexts(composed)];
  const links: TreeLink[] = [];
  const written = new Map(texts.map((t) => [t.path, t]));
  for (const { adapter } of registry.adapters) {
    for (const spec of adapter.install?.adapter_symlinks ?? []) {
      if (form === "link") links.push({ path: spec.link, target: spec.target });
      else if (spec.fallback === "import")
        texts.unshift({
          path: spec.link,
          text: (spec.import_template ?? "").replaceAll("{target}", spec.target),
        });
      else texts.unshift({ path: spec.link, text: written.get(spec.target)?.text ?? "" });
    }
  }
  return memoryTree(texts, links);
}

/** An emitted file's text, decoded the first time a client model reads it (most files are never read). */
class DecodedOnRead implements TreeFile {
  readonly path: string;
  readonly #file: EmittedFile;
  #text: string | undefined;

  constructor(file: EmittedFile) {
    this.path = file.path;
    this.#file = file;
  }

  get text(): string {
    this.#text ??= decodedText(this.#file.bytes);
    return this.#text;
  }
}

function decodedText(bytes: Buffer): string {
  countWork("bytes scanned by output checks", bytes.length);
  return bytes.toString("utf8");
}

interface KnownSessions {
  registry: Registry;
  /** The length of the list then: emitRegistry adds CAPABILITIES.md to a list it asked about before. */
  count: number;
  form: LinkForm;
  composed: readonly ComposedFile[];
  loads: readonly SessionLoad[];
}

/** Sessions worked out per list of files: the checks, the matrix and the page ask the same question. */
const knownSessions = new WeakMap<readonly EmittedFile[], KnownSessions[]>();
const noComposed: readonly ComposedFile[] = [];

/**
 * What each chosen client loads at session start from a full install, in the given link form. The same
 * registry, files and composed files give the same (shared, read-only) answer.
 */
export function clientSessions(
  registry: Registry,
  files: readonly EmittedFile[],
  form: LinkForm,
  composed: readonly ComposedFile[] = noComposed,
): readonly SessionLoad[] {
  const known = knownSessions.get(files) ?? [];
  const found = known.find(
    (k) => k.registry === registry && k.count === files.length && k.form === form && k.composed === composed,
  );
  if (found) return found.loads;
  if (registry.clients.length === 0) return [];
  const tree = installedTree(registry, files, form, composed);
  const loads = registry.clients.map(({ pack }) => sessionLoad(pack, tree));
  knownSessions.set(files, [...known, { registry, count: files.length, form, composed, loads }]);
  return loads;
}

/** Each shared file as a first install writes it: every component's values composed into an empty file. */
function composedTexts(composed: readonly ComposedFile[]): TreeFile[] {
  const byPath = new Map<string, string | undefined>();
  for (const file of composed) {
    byPath.set(file.path, composeFile(file.format, byPath.get(file.path), file.entries, []).text);
  }
  return [...byPath].map(([path, text]) => ({ path, text: text ?? "" }));
}
