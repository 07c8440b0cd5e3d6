import { mcpWrittenNamesDistinct } from "../../src/checks/registry/mcp-written-names-distinct.js";
import { json, withCore } from "../../src/diagnostics/core-fixtures.js";
import { checkTable } from "../support/check-harness.js";

const server = (extra: object) => ({
  transport: "stdio",
  command: "php",
  args: ["artisan", "mcp"],
  ...extra,
});
const mcp = (servers: Record<string, object>) => withCore({ "mcp.json": json({ version: 1, servers }) });

checkTable(mcpWrittenNamesDistinct, {
  valid: [
    { name: "the passing example", files: mcpWrittenNamesDistinct.examples.passing },
    {
      name: "two servers of one written name in disjoint clients",
      files: mcp({
        a: server({ name: "shared", clients: ["cursor", "claude-code"] }),
        b: server({ name: "shared", clients: ["junie"] }),
      }),
    },
    { name: "a name equal to its own key", files: mcp({ tools: server({ name: "tools" }) }) },
  ],
  invalid: [
    {
      name: "the failing example: one server reaches every client",
      files: mcpWrittenNamesDistinct.examples.failing,
      findings: [
        {
          file: "core/mcp.json",
          line: 12,
          column: 5,
          message:
            'MCP server "boost-junie" is written as "boost", like server "boost" (core/mcp.json:4:5), and both reach junie: give each clients of its own, or another name',
        },
      ],
    },
    {
      name: "neither has clients",
      files: mcp({ a: server({}), b: server({ name: "a" }) }),
      findings: [
        {
          file: "core/mcp.json",
          line: 12,
          column: 5,
          message:
            'MCP server "b" is written as "a", like server "a" (core/mcp.json:4:5), and both reach every chosen client: give each clients of its own, or another name',
        },
      ],
    },
    {
      name: "clients that overlap in one",
      files: mcp({
        a: server({ name: "x", clients: ["cursor", "junie"] }),
        b: server({ name: "x", clients: ["junie", "kiro"] }),
      }),
      findings: [
        {
          file: "core/mcp.json",
          line: 17,
          column: 5,
          message:
            'MCP server "b" is written as "x", like server "a" (core/mcp.json:4:5), and both reach junie: give each clients of its own, or another name',
        },
      ],
    },
  ],
});
