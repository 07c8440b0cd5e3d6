import { packageDataFiles, readPackageData } from "../documents/package-data.js";
import { builtinClientsDir } from "../shared/package-paths.js";
import { isJson, type Json, withoutNotes } from "./seed-pack-model.js";

/** What a seed-shaped pack states of its hooks itself; the rest of the hooks section is the client's form. */
const statedBySeed = new Set([
  "file",
  "format",
  "key",
  "hook_tools",
  "hook_path_fields",
  "hook_mcp_prefixes",
  "hook_project_dir_var",
]);

const cache = new Map<string, Json | undefined>();

/**
 * The hook events and entry form of the built-in pack of the same client (clients/<client>.json), for
 * a seed-shaped pack that names none: seed 001 states the client's hook facts, not its event names.
 */
export function builtinHookForm(client: string): Json | undefined {
  if (!/^[a-z0-9-]+$/.test(client)) return undefined;
  if (!cache.has(client)) cache.set(client, readForm(client));
  return cache.get(client);
}

function readForm(client: string): Json | undefined {
  const file = packageDataFiles(builtinClientsDir, "clients").find(
    (f) => f.file === `clients/${client}.json`,
  );
  if (!file) return undefined;
  const hooks = (withoutNotes(readPackageData(file).value) as Json).hooks;
  if (!isJson(hooks) || !isJson(hooks.events) || !isJson(hooks.entry)) return undefined;
  return Object.fromEntries(Object.entries(hooks).filter(([key]) => !statedBySeed.has(key)));
}
