import { type McpServer, writtenServerName } from "../../core/model.js";
import type { Finding } from "../../diagnostics/check-meta.js";
import { json, withCore } from "../../diagnostics/core-fixtures.js";
import type { RegistryCheck } from "../check.js";

const server = (extra: object) => ({
  transport: "stdio",
  command: "php",
  args: ["artisan", "mcp"],
  ...extra,
});

export const mcpWrittenNamesDistinct: RegistryCheck = {
  id: "AGC209",
  slug: "mcp-written-names-distinct",
  stage: "registry",
  severity: "error",
  title: "Two MCP servers written under one name have clients of their own",
  description:
    "A server's `name` lets two servers that differ keep the name a project gave both, each in its own clients. Where both would reach one client, the second would overwrite the first in that client's file.",
  hint: "Give each of the two servers a `clients` list that the other's does not share, or give one of them another `name`.",
  get examples() {
    return {
      passing: withCore({
        "mcp.json": json({
          version: 1,
          servers: {
            boost: server({ clients: ["claude-code"] }),
            "boost-junie": server({
              name: "boost",
              args: ["/home/me/app/artisan", "mcp"],
              clients: ["junie"],
            }),
          },
        }),
      }),
      failing: withCore({
        "mcp.json": json({
          version: 1,
          servers: {
            boost: server({}),
            "boost-junie": server({
              name: "boost",
              args: ["/home/me/app/artisan", "mcp"],
              clients: ["junie"],
            }),
          },
        }),
      }),
      expected: [
        'core/mcp.json:12:5: error AGC209 MCP server "boost-junie" is written as "boost", like server "boost" (core/mcp.json:4:5), and both reach junie: give each clients of its own, or another name',
      ],
    };
  },
  *run(registry) {
    const byName = new Map<string, McpServer[]>();
    for (const s of registry.core.mcpServers) {
      const name = writtenServerName(s);
      byName.set(name, [...(byName.get(name) ?? []), s]);
    }
    for (const [name, servers] of byName) yield* overlaps(name, servers);
  },
};

function* overlaps(name: string, servers: McpServer[]): Iterable<Finding> {
  for (const [i, later] of servers.entries()) {
    const first = servers.slice(0, i).find((earlier) => shared(earlier, later) !== undefined);
    if (!first) continue;
    const where = `${first.position.file}:${first.position.line}:${first.position.column}`;
    yield {
      position: later.position,
      message: `MCP server "${later.name}" is written as "${name}", like server "${first.name}" (${where}), and both reach ${shared(first, later)}: give each clients of its own, or another name`,
    };
  }
}

/** The clients both servers reach, in words; undefined when none. */
function shared(a: McpServer, b: McpServer): string | undefined {
  if (!a.clients && !b.clients) return "every chosen client";
  if (!a.clients || !b.clients) return (a.clients ?? b.clients ?? []).join(", ");
  const both = a.clients.filter((c) => b.clients?.includes(c));
  return both.length > 0 ? both.join(", ") : undefined;
}
