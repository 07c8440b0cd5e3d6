import type { McpMapping } from "../clients/model.js";
import { reverseServer } from "../clients/reverse-mcp.js";
import { isObject } from "../shared/json-shape.js";
import { adjusted, type ReadContext } from "./read-context.js";
import { type SettingsDocument, valueAt } from "./settings-document.js";
import { unowned } from "./settings-values.js";

const serverName = /^[A-Za-z0-9_-]+$/;

/** The servers under the pack's key → neutral MCP servers. Returns the top-level keys the part owns. */
export function readServers(ctx: ReadContext, mapping: McpMapping, document: SettingsDocument): string[] {
  const container = valueAt(document.value, mapping.key);
  if (container === undefined) return [];
  if (!isObject(container)) {
    unowned(ctx, document, mapping.key, "is not an object of servers by name");
    return [String(mapping.key[0])];
  }
  for (const [written, value] of Object.entries(container)) {
    const path = [...mapping.key, written];
    const reading = reverseServer(mapping, written, value, document.positionOf(path));
    if ("problem" in reading) {
      unowned(ctx, document, path, reading.problem);
      continue;
    }
    for (const extra of reading.extra) unowned(ctx, document, [...path, ...extra]);
    const name = serverName.test(written) ? written : written.replace(/[^A-Za-z0-9_-]+/g, "-");
    if (name !== written)
      adjusted(ctx, document.positionOf(path), `MCP server "${written}" is imported as "${name}"`);
    ctx.items.servers.push({ ...reading.server, name, written: value });
  }
  return [String(mapping.key[0])];
}
