import { byCodePoint, type Diagnostic } from "../diagnostics/diagnostic.js";
import { dataFileFinding } from "../documents/checks/config-matches-schema.js";
import { packageDataFiles, readPackageData } from "../documents/package-data.js";
import { builtinPluginHostsDir } from "../shared/package-paths.js";
import { loadConfigFile } from "./config-file.js";
import type { PluginHost } from "./plugin-host.js";

let cache: PluginHost[] | undefined;

/**
 * The plugin hosts shipped in the package's plugin-hosts/ folder, one JSON file each, sorted by id. Read as
 * trusted package data (see readPackageData); checkBuiltinPluginHosts validates them in full.
 */
export function builtinPluginHosts(): PluginHost[] {
  cache ??= packageDataFiles(builtinPluginHostsDir, "plugin-hosts")
    .map((file) => readPackageData(file).value as PluginHost)
    .sort((a, b) => byCodePoint(a.host, b.host));
  return cache;
}

/** Every built-in plugin host validated against plugin-host.schema.json: the diagnostics, empty when all are valid. */
export function checkBuiltinPluginHosts(): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const file of packageDataFiles(builtinPluginHostsDir, "plugin-hosts")) {
    const document = loadConfigFile(
      builtinPluginHostsDir,
      file.file.slice("plugin-hosts/".length),
      "plugin-host",
      diagnostics,
      file.label,
    );
    const host = document?.value as PluginHost | undefined;
    if (host && `${host.host}.json` !== file.file.slice("plugin-hosts/".length)) {
      diagnostics.push(
        dataFileFinding(
          document?.positionOf(["host"]) ?? { file: file.label, line: 1, column: 1 },
          `${file.label} declares host "${host.host}": a host file is named after its id`,
          `Rename the file to ${host.host}.json.`,
        ),
      );
    }
  }
  return diagnostics;
}
