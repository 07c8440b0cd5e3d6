import { withRuntimePlaceholders } from "../shared/pack-text.js";
import type { GuardWiring, HookMapping, HooksPack } from "./model.js";

/** The guard's arguments: how it fails, what it asks, which payload fields hold paths and MCP tool names. */
export function guardArguments(guard: GuardWiring, hooks: HookMapping): string {
  const args = guard.fail_closed === false ? [] : ["--fail-closed"];
  if (guard.ask === true) args.push("--ask");
  if (hooks.hook_path_fields.length > 0) args.push("--path-fields", hooks.hook_path_fields.join(","));
  if (hooks.hook_mcp_prefixes.length > 0) args.push("--mcp-prefixes", hooks.hook_mcp_prefixes.join(","));
  return args.map((arg) => ` ${arg}`).join("");
}

/** The guard's command as the build writes it into the hooks file (packs/guard/emit.ts). */
export function guardCommand(pack: HooksPack, mapping: HookMapping): string | undefined {
  if (!pack.guard) return undefined;
  const path = withRuntimePlaceholders(pack, pack.guard.path);
  const dir = mapping.hook_project_dir_var;
  const anchored = dir === undefined ? path : `"$${dir}/${path}"`;
  const command = withRuntimePlaceholders(pack, pack.guard.command).split("{path}").join(anchored);
  return `${command}${guardArguments(pack.guard, mapping)}`;
}
