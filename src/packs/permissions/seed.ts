import type { Json, Put } from "../shared/seed-pack-model.js";
import { seedVerbMap } from "../shared/seed-verb-map.js";

const permissionKeys = [
  "permission_path_tools",
  "permission_name_tools",
  "permission_tools_bare",
  "permission_path_prefix",
  "permission_exec_match",
  "permission_exec_suffix",
  "permission_domain_form",
  "permission_tool_levels",
  "permissions_extra",
  "settings_extra",
] as const;

const permissionDefaults: Json = {
  permission_path_tools: [],
  permission_name_tools: [],
  permission_tools_bare: [],
  permission_path_prefix: "",
  permission_exec_match: "exact",
  permission_exec_suffix: "",
};

/**
 * permissions_file and the permission_* fields → the permissions section. The levels deny, ask and
 * allow under the key "permissions" are the seed's (its README: Berechtigungen deny / ask / allow;
 * permissions_extra sits inside the permissions object).
 */
export function seedPermissions(seed: Json, put: Put): void {
  const file = seed.permissions_file;
  if (typeof file !== "string") return;
  const at = ["permissions"];
  put(at, {}, ["permissions_file"]);
  put([...at, "file"], file, ["permissions_file"]);
  put([...at, "format"], file.endsWith(".toml") ? "toml" : "json", ["permissions_file"]);
  put([...at, "key"], ["permissions"], ["permissions_file"]);
  put([...at, "levels"], { deny: "deny", ask: "ask", allow: "allow" }, ["permissions_file"]);
  const tools = seedVerbMap(seed.permission_tools as Json | undefined);
  put([...at, "permission_tools"], tools, ["permission_tools"]);
  for (const key of permissionKeys) put([...at, key], seed[key] ?? permissionDefaults[key], [key]);
  const written = seed.mcp_permission_rule as Json | undefined;
  const rule = mcpRule(written);
  put([...at, "mcp_permission_rule"], rule, ["mcp_permission_rule"]);
  // pauschal is the rule text of every MCP tool: a rule on the verb mcp without a server is written so
  const all = written && "pauschal" in written ? "pauschal" : "all";
  if (rule && (tools.mcp ?? []).length > 0)
    put(
      [...at, "permission_coarse_forms"],
      Object.fromEntries((tools.mcp ?? []).map((tool) => [tool, rule.all])),
      ["mcp_permission_rule", all],
    );
}

/** The seed's German keys (werkzeug, pauschal, rueckfrage_schlaegt_freigabe) or agentc's. */
function mcpRule(rule: Json | undefined): Json | undefined {
  if (!rule) return undefined;
  const tool = String(rule.werkzeug ?? rule.tool ?? "").replaceAll("{werkzeug}", "{tool}");
  const all = rule.pauschal ?? rule.all;
  const cut = tool.indexOf("{server}");
  const server = rule.server ?? (cut >= 0 ? tool.slice(0, cut + "{server}".length) : undefined);
  if (tool === "" || all === undefined || server === undefined) return undefined;
  const askFirst = rule.rueckfrage_schlaegt_freigabe ?? rule.ask_beats_allow;
  return { tool, server, all, ...(askFirst === undefined ? {} : { ask_beats_allow: askFirst }) };
}
