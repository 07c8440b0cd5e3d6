import { canonicalJson } from "../../compose/value-hash.js";
import type { McpServer } from "../../core/model.js";
import type { PackReading } from "../section.js";
import { mcpEntries } from "./emit.js";
import type { ImportedServer, McpPack } from "./model.js";
import { coreServer } from "./read.js";

type ServerReading = PackReading<McpPack, ImportedServer>;

/** A server is one server when each client writes the other's reading exactly as its own entry. */
export function sameServer(a: ServerReading, b: ServerReading): "a" | "b" | undefined {
  if (writtenAs(a.item, b.pack) === canonicalJson(b.item.written)) return "a";
  if (writtenAs(b.item, a.pack) === canonicalJson(a.item.written)) return "b";
  return undefined;
}

function writtenAs(server: ImportedServer, pack: McpPack | undefined): string | undefined {
  if (!pack) return undefined;
  const entry = mcpEntries(pack, [neutralServer(server)]).parts[0]?.entries[0];
  return entry ? canonicalJson(entry.value) : undefined;
}

function neutralServer(server: ImportedServer): McpServer {
  const { written: _, readBy: __, ...rest } = server;
  return coreServer(rest);
}
