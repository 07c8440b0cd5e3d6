import { join } from "node:path";
import { type ClientSandbox, geminiUserSettings } from "../clients-cli.js";
import { clientSession, type SessionRecord } from "./client-session.js";
import type { ToolCall } from "./model-apis.js";

/** What Gemini CLI sent back to the model for its tool call: the output, or why it did not run. */
export interface ShellResult {
  output?: string;
  error?: string;
}

/**
 * `gemini -m gemini-2.5-flash -p <prompt>` (plus `args`) in a trusted project against a stand-in Gemini
 * API, the model asking for `tool` when given. The named MCP servers are kept from starting, and the
 * project's hooks from running unless `hooks` is set.
 */
export function geminiSession(
  program: string[],
  sandbox: ClientSandbox,
  project: string,
  options: {
    prompt: string;
    args?: string[];
    tool?: ToolCall;
    servers?: string[];
    /** More files to write first (the sandbox's own Gemini state). */
    files?: Record<string, string>;
    /** Let the project's hooks run (off by default). */
    hooks?: boolean;
  },
): Promise<SessionRecord> {
  const user = {
    ...geminiUserSettings,
    security: { auth: { selectedType: "gemini-api-key" } },
    ...(options.hooks ? {} : { hooksConfig: { enabled: false } }),
    mcp: { excluded: options.servers ?? [] },
  };
  return clientSession({
    api: "gemini",
    cwd: project,
    env: {
      ...(sandbox.env as Record<string, string>),
      GEMINI_API_KEY: "loopback",
      GOOGLE_GEMINI_BASE_URL: "{base}",
    },
    files: {
      [join(sandbox.home, ".gemini", "trustedFolders.json")]: JSON.stringify({ [project]: "TRUST_FOLDER" }),
      [join(sandbox.home, ".gemini", "settings.json")]: JSON.stringify(user),
      ...options.files,
    },
    ...(options.tool ? { tool: options.tool } : {}),
    // A named model skips the model router, whose classifier call the stand-in cannot answer.
    steps: [{ program, args: ["-m", "gemini-2.5-flash", ...(options.args ?? []), "-p", options.prompt] }],
    timeoutMs: 120_000,
  });
}

/**
 * A yolo session whose model asks for one shell command. Yolo allows every tool through a default-tier
 * rule, so only a rule above it (an extension's policy, a settings list) refuses the command.
 */
export function geminiShellSession(
  program: string[],
  sandbox: ClientSandbox,
  project: string,
  command: string,
  servers: string[] = [],
): Promise<SessionRecord> {
  const tool = { name: "run_shell_command", input: { command } };
  return geminiSession(program, sandbox, project, {
    prompt: "tidy up",
    args: ["--approval-mode", "yolo"],
    tool,
    servers,
  });
}

/** The function response of the session's call of `tool`; undefined when the call never came back. */
export function toolResult(record: SessionRecord, tool = "run_shell_command"): ShellResult | undefined {
  for (const request of record.requests) {
    const body = JSON.parse(request.body || "{}") as {
      contents?: { parts?: { functionResponse?: { name: string; response: ShellResult } }[] }[];
    };
    for (const content of body.contents ?? [])
      for (const part of content.parts ?? [])
        if (part.functionResponse?.name === tool) return part.functionResponse.response;
  }
  return undefined;
}

/** The function response of the session's shell call. */
export function shellResult(record: SessionRecord): ShellResult | undefined {
  return toolResult(record);
}
