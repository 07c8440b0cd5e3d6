import { readdirSync } from "node:fs";
import { byCodePoint, type Diagnostic } from "../diagnostics/diagnostic.js";
import { builtinAdaptersDir } from "../package-paths.js";
import { loadConfigFile } from "./config-file.js";
import type { Adapter, ResolvedAdapter } from "./model.js";

let cache: { adapters: ResolvedAdapter[]; diagnostics: Diagnostic[] } | undefined;

/** The adapters shipped in the package's adapters/ folder, one JSON file each, sorted by id. */
export function builtinAdapters(): { adapters: ResolvedAdapter[]; diagnostics: Diagnostic[] } {
  if (cache) return cache;
  const diagnostics: Diagnostic[] = [];
  const adapters: ResolvedAdapter[] = [];
  const names = readdirSync(builtinAdaptersDir)
    .filter((n) => n.endsWith(".json"))
    .sort();
  for (const name of names) {
    const document = loadConfigFile(
      builtinAdaptersDir,
      name,
      "adapter",
      diagnostics,
      `<agentc>/adapters/${name}`,
    );
    if (!document) continue;
    adapters.push({ adapter: document.value as Adapter, origin: { document, path: [], builtin: true } });
  }
  adapters.sort((a, b) => byCodePoint(a.adapter.id, b.adapter.id));
  cache = { adapters, diagnostics };
  return cache;
}
