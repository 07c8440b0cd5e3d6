import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type ClientSandbox, clientSandbox } from "../clients-cli.js";
import { clientSession } from "./client-session.js";
import type { ToolCall } from "./model-apis.js";

/** A sandbox whose Copilot CLI trusts the project: it loads repository hooks and MCP servers only then. */
export function trustingCopilot(project: string): ClientSandbox {
  const sandbox = clientSandbox();
  mkdirSync(join(sandbox.home, ".copilot"), { recursive: true });
  const config = { trustedFolders: [project], firstLaunchAt: "2026-01-01T00:00:00.000Z" };
  writeFileSync(join(sandbox.home, ".copilot", "config.json"), JSON.stringify(config));
  return sandbox;
}

/**
 * `copilot -p` against a stand-in Messages API (bring-your-own-key: no GitHub account needed). The
 * named MCP servers are disabled: started offline, each would only wait out its start-up timeout.
 */
export function copilotSession(
  program: string[],
  project: string,
  tool?: ToolCall,
  servers: string[] = [],
  sandbox: ClientSandbox = trustingCopilot(project),
) {
  const byok = {
    COPILOT_PROVIDER_BASE_URL: "{base}",
    COPILOT_PROVIDER_TYPE: "anthropic",
    COPILOT_PROVIDER_API_KEY: "loopback",
    COPILOT_MODEL: "claude-sonnet-4",
  };
  return clientSession({
    api: "anthropic",
    cwd: project,
    env: { ...(sandbox.env as Record<string, string>), ...byok },
    steps: [
      {
        program,
        args: ["-p", "go", "--allow-all-tools", ...servers.flatMap((name) => ["--disable-mcp-server", name])],
      },
    ],
    timeoutMs: 90_000,
    ...(tool ? { tool } : {}),
  });
}
