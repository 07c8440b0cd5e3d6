import { byCodePoint, type Diagnostic } from "../diagnostics/diagnostic.js";
import { packageDataFiles, readPackageData } from "../documents/package-data.js";
import { builtinAdaptersDir } from "../shared/package-paths.js";
import { loadConfigFile } from "./config-file.js";
import type { Adapter, ResolvedAdapter } from "./model.js";

let cache: ResolvedAdapter[] | undefined;

/**
 * The adapters shipped in the package's adapters/ folder, one JSON file each, sorted by id. Read as
 * trusted package data (see readPackageData); checkBuiltinAdapters validates them in full.
 */
export function builtinAdapters(): ResolvedAdapter[] {
  cache ??= packageDataFiles(builtinAdaptersDir, "adapters")
    .map((file): ResolvedAdapter => {
      const document = readPackageData(file);
      return { adapter: document.value as Adapter, origin: { document, path: [], builtin: true } };
    })
    .sort((a, b) => byCodePoint(a.adapter.id, b.adapter.id));
  return cache;
}

/** Every built-in adapter read and validated like a registry's own file: the diagnostics, empty when all are valid. */
export function checkBuiltinAdapters(): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const file of packageDataFiles(builtinAdaptersDir, "adapters")) {
    loadConfigFile(
      builtinAdaptersDir,
      file.file.slice("adapters/".length),
      "adapter",
      diagnostics,
      file.label,
    );
  }
  return diagnostics;
}
