import type { Fixture } from "../../diagnostics/check-meta.js";
import { examplePack } from "../../diagnostics/client-fixture.js";
import { json } from "../../diagnostics/core-fixtures.js";
import type { Position } from "../../diagnostics/diagnostic.js";
import { agentsMdAdapter, targetsWith, withBase } from "../../diagnostics/fixture-base.js";
import type { Registry } from "../../registry/model.js";

/** The example pack with an MCP file and hooks that can block, so the guard is wired. */
export const settingsPack = {
  ...examplePack,
  mcp: {
    file: ".example/mcp.json",
    format: "json",
    key: ["servers"],
    stdio: { command: "{command}", args: "{args}" },
    remote: null,
    transports: ["stdio"],
  },
  hooks: {
    file: ".example/hooks.json",
    format: "json",
    key: ["hooks"],
    events: { before_tool: "beforeTool" },
    hook_tools: { read: ["read_file"], exec: ["shell"] },
    matcher_join: "|",
    entry: { matcher: "{matcher}", command: "{command}", timeout: "{timeout}" },
    hook_path_fields: ["path"],
    hook_mcp_prefixes: [],
    hook_can_block: true,
    hook_fail_closed: false,
  },
  guard: { path: ".example/guard.mjs", command: "node {path}", verbs: ["read", "exec"], timeout: 10 },
};

export const docsServer = json({
  version: 1,
  servers: { docs: { transport: "stdio", command: "npx", args: ["docs-mcp"] } },
});

/** The base registry with core files and registry client packs (id → pack), no built-in pack. */
export function withPacks(core: Fixture, packs: Record<string, object>): Fixture {
  const coreFiles = Object.fromEntries(Object.entries(core).map(([path, text]) => [`core/${path}`, text]));
  const packFiles = Object.fromEntries(
    Object.entries(packs).map(([id, pack]) => [`clients/${id}.json`, json(pack)]),
  );
  return withBase({
    ...coreFiles,
    ...packFiles,
    "targets.json": targetsWith([agentsMdAdapter], { builtin_clients: "none" }),
  });
}

/** Where a pack names the shared file a composed path came from (its permissions, hooks or mcp "file"). */
export function composedFilePosition(registry: Registry, component: string, path: string): Position {
  const client = registry.clients.find((c) => c.pack.client === component);
  if (!client) return { file: "targets.json", line: 1, column: 1 };
  const { pack } = client;
  const placeholders = pack.runtime_placeholders;
  const section = (["permissions", "hooks", "mcp"] as const).find((name) => {
    const file = pack[name]?.file;
    return file !== undefined && file.replace(/<[A-Z][A-Z0-9_]*>/g, (p) => placeholders[p] ?? p) === path;
  });
  return client.document.positionOf(section ? [section, "file"] : []);
}
