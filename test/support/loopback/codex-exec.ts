import { readdirSync, rmdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { clientSandbox } from "../clients-cli.js";
import { clientSession, type SessionRecord } from "./client-session.js";

/** `codex exec` in a trusted project, against a stand-in Responses API that asks once to run `command`. */
export function codexExecOnce(
  program: string[],
  project: string,
  prompt: string,
  command: string,
): Promise<SessionRecord> {
  const started = Date.now();
  const sandbox = clientSandbox();
  const config = [
    'model_provider = "loopback"',
    'model = "gpt-loopback"',
    "[model_providers.loopback]",
    'name = "loopback"',
    'base_url = "{base}/v1"',
    'wire_api = "responses"',
    'env_key = "LOOPBACK_KEY"',
    `[projects.${JSON.stringify(project)}]`,
    'trust_level = "trusted"',
    "",
  ].join("\n");
  const session = clientSession({
    api: "openai-responses",
    cwd: project,
    env: { ...(sandbox.env as Record<string, string>), LOOPBACK_KEY: "loopback" },
    files: { [join(sandbox.codexHome, "config.toml")]: config },
    steps: [{ program, args: ["exec", "--skip-git-repo-check", prompt] }],
    tool: { name: "exec_command", input: { cmd: command } },
    timeoutMs: 120_000,
  });
  return session.finally(() => removeSlashTmpGit(started));
}

/**
 * Codex's sandbox keeps every writable root's .git read-only, creating it when it is missing; /tmp is
 * one, so a session leaves an empty /tmp/.git that makes later clients take /tmp for the repository.
 * An empty one made since this session started is removed, whichever Codex session (of any test file
 * running beside this one) made it.
 */
const slashTmpGit = "/tmp/.git";

function removeSlashTmpGit(started: number): void {
  const made = statSync(slashTmpGit, { throwIfNoEntry: false });
  if (!made?.isDirectory() || made.ctimeMs < started - 1000) return;
  try {
    if (readdirSync(slashTmpGit).length === 0) rmdirSync(slashTmpGit);
  } catch (error) {
    // Another session's cleanup got there first, or something was put in it: either way, not ours to remove.
    if (!["ENOENT", "ENOTEMPTY"].includes((error as NodeJS.ErrnoException).code ?? "")) throw error;
  }
}
