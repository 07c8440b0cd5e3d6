import { builtinSection } from "../packs/shared/builtin-pack.js";
import { isJson, type Json } from "../packs/shared/seed-pack-model.js";

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

/**
 * The hook events and entry form of the built-in pack of the same client (clients/<client>.json), for
 * a seed-shaped pack that names none: seed 001 states the client's hook facts, not its event names.
 */
export function builtinHookForm(client: string): Json | undefined {
  const hooks = builtinSection(client, "hooks");
  if (!hooks || !isJson(hooks.events) || !isJson(hooks.entry)) return undefined;
  return Object.fromEntries(Object.entries(hooks).filter(([key]) => !statedBySeed.has(key)));
}
