import { builtinSection } from "../shared/builtin-pack.js";
import type { Json, NotActedOn, Put } from "../shared/seed-pack-model.js";
import { withoutNotes } from "../shared/seed-pack-model.js";

/**
 * The pack's MCP section. Seed 001 names its MCP file (`<MCP_FILE>`) but not how servers are written into
 * it; that form is taken from agentc's built-in pack of the same client (said in one info line), so
 * core/mcp.json's servers reach the file as the built-in pack writes them. Without a built-in pack, the
 * servers are not written, and a warning says so.
 */
export function seedMcp(seed: Json, put: Put, notActedOn: NotActedOn[]): void {
  if (seed.mcp !== undefined) {
    put(["mcp"], withoutNotes(seed.mcp), ["mcp"]);
    return;
  }
  const placeholders = (seed.runtime_placeholders ?? {}) as Record<string, string>;
  const file = placeholders["<MCP_FILE>"];
  if (file === undefined) return;
  const client = String(seed.client);
  const at = ["runtime_placeholders", "<MCP_FILE>"];
  const borrowed = builtinSection(client, "mcp");
  if (!borrowed) {
    notActedOn.push({
      path: at,
      severity: "warning",
      message: `<MCP_FILE> names ${file}, but the pack does not say how MCP servers are written into it and agentc has no built-in pack of ${client} to take that from, so core/mcp.json's servers are not written for ${client}`,
      hint: 'Add "mcp": {"file": "<MCP_FILE>", "format": "json", "key": […], "stdio": {…}, "remote": {…}} in agentc\'s names (docs/client-settings.md).',
    });
    return;
  }
  put(["mcp"], { ...borrowed, file: "<MCP_FILE>" }, at);
  notActedOn.push({
    path: at,
    severity: "info",
    message: `<MCP_FILE> names ${file}, but the pack does not say how MCP servers are written into it, so ${client}'s form is taken from agentc's built-in pack (clients/${client}.json)`,
    hint: 'To choose it yourself, add "mcp": {…} in agentc\'s names (docs/client-settings.md).',
  });
}
