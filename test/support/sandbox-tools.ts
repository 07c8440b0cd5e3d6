import { spawnSync } from "node:child_process";
import type { TestContext } from "node:test";

/**
 * The programs a client's sandbox runs under on Linux (bubblewrap; socat for Claude Code's network
 * relay). Missing, the test is skipped with the reason, except under CI, where .ci/run installs them,
 * so it fails instead: a client whose sandbox cannot start runs the command unsandboxed.
 */
export function requireSandboxTools(t: TestContext, tools: string[]): boolean {
  const missing = tools.filter(
    (tool) => spawnSync(tool, [versionFlag[tool] ?? "--version"], { stdio: "ignore" }).status !== 0,
  );
  if (missing.length === 0) return true;
  const why = `${missing.join(" and ")} not installed (apt-get install -y ${missing.map(packageOf).join(" ")})`;
  if (process.env.CI) throw new Error(`${why}; CI must run the sandbox tests`);
  t.skip(why);
  return false;
}

/** socat knows no --version. */
const versionFlag: Record<string, string> = { socat: "-V" };

const packageOf = (tool: string) => (tool === "bwrap" ? "bubblewrap" : tool);
