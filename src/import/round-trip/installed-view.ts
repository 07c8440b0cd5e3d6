import { composeFile } from "../../compose/index.js";
import type { OwnedEntry } from "../../compose/model.js";
import { type EmittedTree, uniqueFiles } from "../../emit/emitted-tree.js";
import { type SymlinkLine, symlinkLine } from "../../manifest/manifest-lines.js";
import type { Manifest } from "../../manifest/manifest-model.js";

/** What `agentc install --yes` writes at one path of a project that lacks it. */
export type Installed =
  | { kind: "file"; bytes: Buffer }
  | { kind: "link"; target: string; fallback: SymlinkLine["fallback"] }
  | { kind: "composed"; format: "json" | "toml"; text: string };

/**
 * The project files an install of every component of a build would create in a project without them:
 * the components' files, their links, and each shared file composed from nothing (src/install/ does
 * the same from the manifest; this view is what the round trip compares the native files with).
 */
export function installedView(tree: EmittedTree, manifest: Manifest): Map<string, Installed> {
  const components = manifest.install.components;
  const view = new Map<string, Installed>();
  for (const file of uniqueFiles(tree.files))
    if (components[file.component]) view.set(file.path, { kind: "file", bytes: file.bytes });
  for (const component of Object.values(components))
    for (const line of component.symlinks) {
      const parsed = symlinkLine(line);
      if (parsed) view.set(parsed.link, { kind: "link", target: parsed.target, fallback: parsed.fallback });
    }
  for (const [path, { format, entries }] of composedByPath(tree))
    if (entries.length > 0) view.set(path, { kind: "composed", format, text: composed(format, entries) });
  return view;
}

function composedByPath(tree: EmittedTree): Map<string, { format: "json" | "toml"; entries: OwnedEntry[] }> {
  const byPath = new Map<string, { format: "json" | "toml"; entries: OwnedEntry[] }>();
  for (const file of tree.composed) {
    const found = byPath.get(file.path) ?? { format: file.format, entries: [] };
    found.entries.push(...file.entries);
    byPath.set(file.path, found);
  }
  return byPath;
}

function composed(format: "json" | "toml", entries: OwnedEntry[]): string {
  return composeFile(format, undefined, entries, []).text;
}
