import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { clientSandbox } from "./clients-cli.js";
import { clientSession } from "./loopback/client-session.js";

/** What came back to the model from the tools it called. */
export function toolResults(record: { requests: { body: string }[] }): string {
  return record.requests.map((r) => r.body.match(/"tool_result".*/)?.[0] ?? "").join("\n");
}

/**
 * `opencode run` (with `--agent <agent>` when given) against a stand-in Anthropic API that asks once for
 * `command` in the project.
 */
export function commandIn(program: string[], project: string, command: string, agent?: string) {
  const sandbox = clientSandbox();
  const provider = {
    npm: "@ai-sdk/anthropic",
    name: "loopback",
    options: { baseURL: "{base}/v1", apiKey: "loopback" },
    models: { "claude-sonnet-4-5": { name: "loopback", tool_call: true } },
  };
  const config = {
    autoupdate: false,
    share: "disabled",
    model: "loopback/claude-sonnet-4-5",
    provider: { loopback: provider },
  };
  const inline = JSON.stringify({ mcp: disabledServers(project) });
  return clientSession({
    api: "anthropic",
    cwd: project,
    env: { ...(sandbox.env as Record<string, string>), OPENCODE_CONFIG_CONTENT: inline },
    files: { [join(sandbox.home, ".config", "opencode", "opencode.json")]: JSON.stringify(config) },
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
function disabledServers(project: string): Record<string, { enabled: false }> {
  const file = join(project, "opencode.json");
  if (!existsSync(file)) return {};
  const mcp = (JSON.parse(readFileSync(file, "utf8")) as { mcp?: Record<string, unknown> }).mcp ?? {};
  return Object.fromEntries(Object.keys(mcp).map((name) => [name, { enabled: false }]));
}
