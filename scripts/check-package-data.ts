import { builtinClientPacks, checkBuiltinClientPacks } from "../src/clients/load-client-packs.js";
import { builtinAssistants, checkBuiltinAssistants } from "../src/registry/assistants.js";
import { builtinAdapters, checkBuiltinAdapters } from "../src/registry/builtin-adapters.js";
import { builtinPluginHosts, checkBuiltinPluginHosts } from "../src/registry/builtin-plugin-hosts.js";

/**
 * Build step (npm "postbuild"): the CLI reads the package's adapters/*.json, clients/*.json, plugin-hosts/*.json and assistants/*.json as trusted
 * data, without schema validation (src/documents/package-data.ts), so the build validates them in full here
 * and fails on any diagnostic, warnings included.
 */
function checkPackageData(): number {
  const diagnostics = [
    ...checkBuiltinAdapters(),
    ...checkBuiltinClientPacks().diagnostics,
    ...checkBuiltinPluginHosts(),
  ];
  // The assistants name adapters and packs: checked once those read cleanly.
  if (diagnostics.length === 0)
    diagnostics.push(
      ...checkBuiltinAssistants(
        builtinAdapters().map((a) => a.adapter.id),
        builtinClientPacks().map((p) => p.pack.client),
      ),
    );
  for (const d of diagnostics) {
    process.stderr.write(
      `${d.file}:${d.line}:${d.column}: ${d.severity} ${d.id} ${d.message}\n  hint: ${d.hint}\n`,
    );
  }
  if (diagnostics.length === 0) {
    // The CLI's own reading of the same files must work too (it throws on what it cannot read).
    builtinAdapters();
    builtinClientPacks();
    builtinPluginHosts();
    builtinAssistants();
  }
  if (diagnostics.length > 0) {
    process.stderr.write(
      "check-package-data: the built-in adapters, client packs and plugin hosts must load without any diagnostic\n",
    );
    return 1;
  }
  return 0;
}

process.exitCode = checkPackageData();
