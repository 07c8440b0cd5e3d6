import type { SourceFiles } from "./model.js";

/** The files (and their executable marks) at new paths; a file `to` gives no path for is left out. */
export function movedFiles(content: SourceFiles, to: (path: string) => string | undefined): SourceFiles {
  const files = new Map<string, Uint8Array>();
  const executables = new Set<string>();
  for (const [path, bytes] of content.files) {
    const moved = to(path);
    if (moved === undefined) continue;
    files.set(moved, bytes);
    if (content.executables.has(path)) executables.add(moved);
  }
  return { files, executables };
}
