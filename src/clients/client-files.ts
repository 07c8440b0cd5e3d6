import type { Core } from "../core/model.js";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { fileReadFailure, type RegistryReader } from "../documents/registry-reader.js";
import { maxAssetBytes } from "../documents/text-file.js";
import { missingSourceFinding } from "./checks/client-pack-valid.js";
import type { LoadedClientPack } from "./loaded-client-pack.js";
import type { FileMapping } from "./model.js";

/**
 * Reads the registry files client packs copy (shared_core / shared_seed sources, skills' supporting
 * files) into `files`, so emitting stays free of file access; returns those executable on disk.
 * A source that is missing, or a file that cannot be read (too large, refused), is reported.
 */
export function readClientFiles(
  reader: RegistryReader,
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
        const found = sourceFiles(reader, mapping) ?? layeredFiles(files, mapping);
        if (found) wanted.push(...found);
        else diagnostics.push(missingSource(client, [list, index, "src"], mapping.src));
      }
    }
  }
  for (const path of wanted) {
    if (reader.isExecutable(path)) executables.add(path);
    if (files.has(path)) continue;
    const read = reader.readBytes(path, maxAssetBytes);
    if (read.ok) files.set(path, read.bytes);
    else diagnostics.push(...fileReadFailure(read, path));
  }
  return executables;
}

/** Files of a mapping already read from elsewhere (a dependency's pack, `@<dependency>/…`). */
function layeredFiles(files: ReadonlyMap<string, Buffer>, mapping: FileMapping): string[] | undefined {
  const src = mapping.src.replace(/\/+$/, "");
  const found = [...files.keys()].filter((path) => path === src || path.startsWith(`${src}/`));
  return found.length > 0 ? found : undefined;
}

/** Registry files of a mapping: the file itself, or every visible file below a folder. */
export function sourceFiles(reader: RegistryReader, mapping: FileMapping): string[] | undefined {
  const src = mapping.src.replace(/\/+$/, "");
  const kind = reader.resolve(src).kind;
  if (kind === "file") return [src];
  if (kind === "folder") return reader.filesBelow(src);
  return undefined;
}

function missingSource(client: LoadedClientPack, path: (string | number)[], src: string): Diagnostic {
  return missingSourceFinding(src, client.file, client.document.positionOf(path));
}
