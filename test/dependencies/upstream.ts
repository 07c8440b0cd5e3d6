import assert from "node:assert/strict";
import type { ChildProcess } from "node:child_process";
import { join } from "node:path";
import { after } from "node:test";
import { runAgentc } from "../support/run-cli.js";
import { testdir, writeFiles } from "../support/testdir.js";

/**
 * Stops a server process this test file started (once, waiting for it to exit); also when the test that
 * started it ends, or, for a server the file's tests share (`whenTestEnds` false), when the process exits.
 */
export function stopper(child: ChildProcess, whenTestEnds = true): () => Promise<void> {
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    child.kill("SIGTERM");
    if (child.exitCode === null) await new Promise((resolve) => child.once("exit", resolve));
  };
  if (whenTestEnds) after(stop);
  else process.once("exit", () => child.kill("SIGKILL"));
  return stop;
}

/** A skill's SKILL.md whose body is `words`. */
export const skill = (name: string, words: string): string =>
  `---\nname: ${name}\ndescription: ${words} Use it when asked.\n---\n# ${name}\n\n${words}\n`;

/** A registry made by `agentc init` for Claude Code in a folder named `name`, with these files added. */
export async function initRegistry(name: string, files: Record<string, string> = {}): Promise<string> {
  const dir = join(testdir(), name);
  const made = await runAgentc(["init", dir, "--assistants", "claude-code"]);
  assert.equal(made.status, 0, made.stderr);
  writeFiles(dir, files);
  return dir;
}
