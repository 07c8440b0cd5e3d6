import { isObject } from "../../shared/json-shape.js";
import type { Section } from "../section.js";
import { valueAt } from "../shared/value-at.js";
import { alsoReadMappings, mappingAt } from "./also-read.js";
import { mcpVariableReachesServer } from "./checks/mcp-variable-reaches-server.js";
import { mcpEntries } from "./emit.js";
import { mcpFaults } from "./faults.js";
import { sameServer } from "./merge.js";
import type { ImportedServer, McpFound, McpPack } from "./model.js";
import { readServers } from "./read-servers.js";
import { seedMcp } from "./seed.js";

/** MCP servers: core/mcp.json's servers, one entry each under the pack's `mcp.key` (docs/client-settings.md). */
export const mcpSection: Section<McpPack, McpFound, ImportedServer> = {
  name: "mcp",
  keys: ["mcp"],
  rank: 50,
  matrix: [{ kind: "mcp", title: "MCP servers", rank: 100 }],
  settings: {
    file: (pack) => pack.mcp && { file: pack.mcp.file, format: pack.mcp.format },
    alsoReadFiles: (pack) =>
      pack.mcp ? alsoReadMappings(pack.mcp).map(({ file, format }) => ({ file, format })) : [],
    emit: (pack, input) => mcpEntries(pack, input.core.mcpServers),
    read: (pack, document, report, found) => {
      // a document is the pack's MCP file unless it is one of the files the client also reads
      const mapping = mappingAt(pack, document.standsFor ?? document.file) ?? pack.mcp;
      return mapping ? readServers(mapping, document, report, found) : [];
    },
    nothingFound: () => ({ servers: [] }),
    loads: {
      list: "mcp",
      names: (pack, parsed, path) => {
        const mapping = mappingAt(pack, path) ?? pack.mcp;
        const servers = mapping ? valueAt(parsed, mapping.key) : undefined;
        return isObject(servers) ? Object.keys(servers).sort() : [];
      },
    },
  },
  seed: seedMcp,
  faults: mcpFaults,
  merge: { kind: "server", alike: sameServer },
  checks: [mcpVariableReachesServer],
};
