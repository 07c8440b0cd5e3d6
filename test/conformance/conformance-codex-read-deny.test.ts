import assert from "node:assert/strict";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { clientSandbox, requireClient } from "../support/clients-cli.js";
import { clientSession, describeSession } from "../support/loopback/client-session.js";
import { testdir } from "../support/testdir.js";

const secret = "LOOPBACK-SECRET-4711";
const readme = "README-VISIBLE-42";
const profile = [
  'default_permissions = "agentc"',
  "[permissions.agentc]",
  'extends = ":workspace"',
  "[permissions.agentc.filesystem]",
  '":project_roots" = { ".env" = "none", "**/.env" = "none" }',
  "glob_scan_max_depth = 3",
  "",
].join("\n");

/** `codex exec` in a trusted project, against a stand-in API that asks once to print README.md and .env. */
function catEnv(program: string[], project: string) {
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
  return clientSession({
    api: "openai-responses",
    cwd: project,
    env: { ...(sandbox.env as Record<string, string>), LOOPBACK_KEY: "loopback" },
    files: { [join(sandbox.codexHome, "config.toml")]: config },
    steps: [{ program, args: ["exec", "--skip-git-repo-check", "show it"] }],
    tool: { name: "exec_command", input: { cmd: "cat README.md; cat .env" } },
    timeoutMs: 120_000,
  });
}

/**
 * The client fact behind the Codex "permission-file" note (fact permission-profiles): a permission profile
 * in the project's .codex/config.toml denies reads to the commands Codex runs. agentc does not write it yet
 * (it takes a top-level key its TOML composition cannot add), so the matrix reports read rules as lost and
 * says why; this test fails when Codex stops honouring such a profile, and the note must change with it.
 */
describe("Codex: a permission profile in the project denies reads (the fact the matrix names)", () => {
  it("cat .env is refused with the profile and README.md still read; without it the secret reaches the model", async (t) => {
    const program = requireClient(t, "codex");
    if (!program) return;
    const seen: Record<string, { secret: boolean; readme: boolean; describe: string }> = {};
    for (const variant of ["without", "with"] as const) {
      const project = testdir({ ".env": `TOKEN=${secret}\n`, "README.md": `${readme}\n` });
      if (variant === "with") {
        mkdirSync(join(project, ".codex"), { recursive: true });
        writeFileSync(join(project, ".codex/config.toml"), profile);
      }
      const run = await catEnv(program, project);
      const bodies = run.requests.map((r) => r.body).join("\n");
      seen[variant] = {
        secret: bodies.includes(secret),
        readme: bodies.includes(readme),
        describe: describeSession(run),
      };
    }
    assert.ok(seen.without?.secret, `without the profile the command reads .env\n${seen.without?.describe}`);
    assert.ok(
      seen.with?.readme,
      `with the profile the command still reads README.md\n${seen.with?.describe}`,
    );
    assert.ok(!seen.with?.secret, `with the profile .env stays unread\n${seen.with?.describe}`);
  });
});
