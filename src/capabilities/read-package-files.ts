import { type Dirent, readdirSync, realpathSync } from "node:fs";
import { join, sep } from "node:path";
import { diagnostic } from "../diagnostics/check-meta.js";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { registryFilesAreReadable } from "../documents/checks/registry-files-are-readable.js";
import { maxAssetBytes, readBounded } from "../documents/text-file.js";
import { capabilityPathsResolve } from "./checks/capability-paths-resolve.js";

/**
 * Every file below a package folder, hidden ones included, as bytes: package-relative path → bytes, in
 * code-point order. A symbolic link counts as what it points at, when that is inside the package; a folder
 * reached twice through links is read once.
 */
export function readPackageFiles(root: string, dir: string, diagnostics: Diagnostic[]): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  const inside = realpathSync(join(root, dir));
  const seen = new Set<string>();
  const visit = (relative: string): void => {
    const real = realpathSync(join(root, dir, relative));
    if (seen.has(real)) return;
    seen.add(real);
    const folder = relative === "" ? dir : `${dir}/${relative}`;
    for (const entry of entries(join(root, folder), folder, diagnostics)) {
      const path = relative === "" ? entry.name : `${relative}/${entry.name}`;
      const full = join(root, dir, path);
      const where = { file: `${dir}/${path}`, line: 1, column: 1 };
      if (entry.isSymbolicLink() && !within(full, inside)) {
        diagnostics.push(
          diagnostic(capabilityPathsResolve, {
            position: where,
            message: `${dir}/${path} is a link to a place outside the package folder`,
            hint: "Copy the file into the package: the installed copy holds only the package's own files.",
          }),
        );
      } else if (isFolder(entry, full)) visit(path);
      else {
        const read = readBounded(full, maxAssetBytes);
        if (read.ok) files.set(path, read.bytes);
        else
          diagnostics.push(
            diagnostic(registryFilesAreReadable, {
              position: where,
              message: `${dir}/${path} ${read.reason}`,
            }),
          );
      }
    }
  };
  visit("");
  return new Map([...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** A folder's entries by name; one that cannot be read is reported (its files would be missing from the copy). */
function entries(abs: string, folder: string, diagnostics: Diagnostic[]): Dirent[] {
  try {
    return readdirSync(abs, { withFileTypes: true }).sort((a, b) =>
      a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
    );
  } catch (error) {
    diagnostics.push(
      diagnostic(registryFilesAreReadable, {
        position: { file: folder, line: 1, column: 1 },
        message: `${folder} cannot be read (${(error as NodeJS.ErrnoException).code ?? "error"}), so its files would be missing from the package`,
      }),
    );
    return [];
  }
}

function within(path: string, folder: string): boolean {
  try {
    const real = realpathSync(path);
    return real === folder || real.startsWith(`${folder}${sep}`);
  } catch {
    return false;
  }
}

function isFolder(entry: Dirent, full: string): boolean {
  if (!entry.isSymbolicLink()) return entry.isDirectory();
  try {
    return readdirSync(full) !== undefined;
  } catch {
    return false;
  }
}
