import { canonicalJson } from "../../compose/value-hash.js";
import { isObject } from "../../shared/json-shape.js";
import type { ReadDocument, ReadReport } from "../section.js";
import { valueAt } from "../shared/value-at.js";
import type { McpFound, McpMapping } from "./model.js";
import { reverseServer } from "./read.js";

const serverName = /^[A-Za-z0-9_-]+$/;

/** The core's name of a server a client's file names `written` (core names are [A-Za-z0-9_-]). */
export function importedServerName(written: string): string {
  return serverName.test(written) ? written : written.replace(/[^A-Za-z0-9_-]+/g, "-");
}

/** A field of a server entry at the client's own default (`server_defaults`): nothing the registry loses. */
function atClientDefault(mapping: McpMapping, entry: unknown, extra: readonly (string | number)[]): boolean {
  const [field] = extra;
  const defaults = mapping.server_defaults;
  if (extra.length !== 1 || typeof field !== "string" || !defaults || !(field in defaults)) return false;
  return isObject(entry) && canonicalJson(entry[field]) === canonicalJson(defaults[field]);
}

/** The servers under the pack's key → neutral MCP servers. Returns the top-level keys the part owns. */
export function readServers(
  mapping: McpMapping,
  document: ReadDocument,
  report: ReadReport,
  found: McpFound,
): string[] {
  const container = valueAt(document.value, mapping.key);
  if (container === undefined) return [];
  if (!isObject(container)) {
    report.unowned(mapping.key, "is not an object of servers by name");
    return [String(mapping.key[0])];
  }
  for (const [written, value] of Object.entries(container)) {
    const path = [...mapping.key, written];
    const reading = reverseServer(mapping, written, value, document.positionOf(path));
    if ("problem" in reading) {
      report.unowned(path, reading.problem);
      continue;
    }
    for (const extra of reading.extra)
      if (!atClientDefault(mapping, value, extra)) report.unowned([...path, ...extra]);
    const name = importedServerName(written);
    if (name !== written)
      report.adjusted(document.positionOf(path), `MCP server "${written}" is imported as "${name}"`);
    found.servers.push({ ...reading.server, name, written: value });
  }
  return [String(mapping.key[0])];
}
