import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { fileReadFailure, type RegistryReader } from "../documents/registry-reader.js";
import { maxAssetBytes } from "../documents/text-file.js";

/**
 * Every file below a package folder, hidden ones included and secrets left out (AGC189), as bytes: package-relative path → bytes, in
 * code-point order. `reader` is fenced to the package: a link counts as what it points at when that is
 * inside the package, and is refused (AGC104) when it is not; a link loop is refused too (AGC105).
 */
export function readPackageFiles(
  reader: RegistryReader,
  dir: string,
  diagnostics: Diagnostic[],
): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (const path of reader.filesBelow(dir, { hidden: true, leaveOutSecrets: true })) {
    const read = reader.readBytes(path, maxAssetBytes);
    if (read.ok) files.set(path.slice(dir.length + 1), read.bytes);
    else diagnostics.push(...fileReadFailure(read, path));
  }
  return new Map([...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
