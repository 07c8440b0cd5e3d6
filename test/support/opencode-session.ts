import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { clientSandbox } from "./clients-cli.js";
import { clientSession } from "./loopback/client-session.js";

/** What came back to the model from the tools it called. */
export function toolResults(record: { requests: { body: string }[] }): string {
  return record.requests.map((r) => r.body.match(/"tool_result".*/)?.[0] ?? "").join("\n");
}

/** The person's config of OpenCode and its forks (Kilo): one provider, the stand-in Anthropic API. */
export const loopbackUserConfig = {
  autoupdate: false,
  share: "disabled",
  model: "loopback/claude-sonnet-4-5",
  provider: {
    loopback: {
      npm: "@ai-sdk/anthropic",
      name: "loopback",
      options: { baseURL: "{base}/v1", apiKey: "loopback" },
      models: { "claude-sonnet-4-5": { name: "loopback", tool_call: true } },
    },
  },
};

/**
 * `opencode run` (with `--agent <agent>` when given) against a stand-in Anthropic API that asks once for
 * `command` in the project.
 */
export function commandIn(program: string[], project: string, command: string, agent?: string) {
  const sandbox = clientSandbox();
  const inline = JSON.stringify({ mcp: disabledServers(project, "opencode.json") });
  return clientSession({
    api: "anthropic",
    cwd: project,
    env: { ...(sandbox.env as Record<string, string>), OPENCODE_CONFIG_CONTENT: inline },
    files: {
      [join(sandbox.home, ".config", "opencode", "opencode.json")]: JSON.stringify(loopbackUserConfig),
    },
    steps: [{ program, args: ["run", ...(agent ? ["--agent", agent] : []), "clean up"] }],
    tool: { name: "bash", input: { command, description: "Clean up" } },
    timeoutMs: 120_000,
  });
}

/**
 * The project's MCP servers, switched off in the inline config (OPENCODE_CONFIG_CONTENT, which OpenCode merges
 * over the project's opencode.json; the user config is merged under it and cannot): the session is about
 * permissions, and starting the fixture's `npx -y` servers costs half a minute each run.
 */
/** The project's MCP servers (of `name`, opencode.json or a fork's file), each switched off: offline, they only cost time. */
export function disabledServers(project: string, name: string): Record<string, { enabled: false }> {
  const file = join(project, name);
  if (!existsSync(file)) return {};
  const mcp = (JSON.parse(readFileSync(file, "utf8")) as { mcp?: Record<string, unknown> }).mcp ?? {};
  return Object.fromEntries(Object.keys(mcp).map((name) => [name, { enabled: false }]));
}
