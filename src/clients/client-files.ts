import { statSync } from "node:fs";
import { join } from "node:path";
import { filesBelow } from "../core/core-folder.js";
import type { Core } from "../core/model.js";
import { diagnostic } from "../diagnostics/check-meta.js";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { maxAssetBytes, readBounded } from "../documents/text-file.js";
import { clientPackValid } from "./checks/client-pack-valid.js";
import type { LoadedClientPack } from "./loaded-client-pack.js";
import type { FileMapping } from "./model.js";

/**
 * Reads the registry files client packs copy (shared_core / shared_seed sources, skills' supporting
 * files) into `files`, so emitting stays free of file access; returns those executable on disk.
 * A source that is missing is reported.
 */
export function readClientFiles(
  root: string,
  packs: LoadedClientPack[],
  core: Core,
  files: Map<string, Buffer>,
  diagnostics: Diagnostic[],
): Set<string> {
  const executables = new Set<string>();
  if (packs.length === 0) return executables;
  const wanted = core.skills.flatMap((skill) => skill.supportingFiles);
  for (const client of packs) {
    for (const [list, mappings] of [
      ["shared_core", client.pack.shared_core],
      ["shared_seed", client.pack.shared_seed],
    ] as const) {
      for (const [index, mapping] of mappings.entries()) {
        const found = sourceFiles(root, mapping);
        if (found) wanted.push(...found);
        else diagnostics.push(missingSource(client, [list, index, "src"], mapping.src));
      }
    }
  }
  for (const path of wanted) {
    if (isExecutable(join(root, path))) executables.add(path);
    if (files.has(path)) continue;
    const read = readBounded(join(root, path), maxAssetBytes);
    if (read.ok) files.set(path, read.bytes);
  }
  return executables;
}

function isExecutable(path: string): boolean {
  try {
    return (statSync(path).mode & 0o111) !== 0;
  } catch {
    return false;
  }
}

/** Registry files of a mapping: the file itself, or every visible file below a folder. */
export function sourceFiles(root: string, mapping: FileMapping): string[] | undefined {
  try {
    const stat = statSync(join(root, mapping.src));
    if (stat.isFile()) return [mapping.src];
    if (stat.isDirectory()) return filesBelow(root, mapping.src.replace(/\/+$/, ""));
  } catch {
    return undefined;
  }
  return undefined;
}

function missingSource(client: LoadedClientPack, path: (string | number)[], src: string): Diagnostic {
  return diagnostic(clientPackValid, {
    position: client.document.positionOf(path),
    message: `${src} does not exist in the registry (named by ${client.file})`,
    hint: "Add the file to the registry, or fix the path (relative to the registry folder).",
  });
}
