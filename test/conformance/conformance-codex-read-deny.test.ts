import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { buildAndInstall, requireClient } from "../support/clients-cli.js";
import { beyondSlice } from "../support/conformance-slice.js";
import { describeSession } from "../support/loopback/client-session.js";
import { codexExecOnce } from "../support/loopback/codex-exec.js";
import { plainClientRegistry } from "../support/plain-fixture.js";
import { testdir } from "../support/testdir.js";

const secret = "LOOPBACK-SECRET-4711";
const readme = "README-VISIBLE-42";

const catEnv = (program: string[], project: string) =>
  codexExecOnce(program, project, "show it", "cat README.md; cat .env");

/**
 * The read rules agentc writes for Codex as a permission profile in .codex/config.toml (fact
 * permission-profiles): Codex's sandbox refuses the denied file to the commands it runs, and reads the rest.
 */
describe("Codex: the permission profile agentc wrote denies reads", () => {
  it("cat .env is refused in the installed project and README.md still read; without agentc the secret reaches the model", async (t) => {
    if (beyondSlice(t)) return;
    const program = requireClient(t, "codex");
    if (!program) return;
    const installed = await buildAndInstall(plainClientRegistry(), ["codex"]);
    const projects = { without: testdir(), with: installed.project };
    const seen: Record<string, { bodies: string; describe: string }> = {};
    for (const [variant, project] of Object.entries(projects)) {
      writeFileSync(join(project, ".env"), `TOKEN=${secret}\n`);
      writeFileSync(join(project, "README.md"), `${readme}\n`);
      const run = await catEnv(program, project);
      seen[variant] = { bodies: run.requests.map((r) => r.body).join("\n"), describe: describeSession(run) };
    }
    const [without, withProfile] = [seen.without, seen.with];
    assert.ok(
      without?.bodies.includes(secret),
      `without the profile the command reads .env\n${without?.describe}`,
    );
    assert.ok(
      withProfile?.bodies.includes(readme),
      `the command still reads README.md\n${withProfile?.describe}`,
    );
    assert.ok(!withProfile?.bodies.includes(secret), `.env stays unread\n${withProfile?.describe}`);
    assert.match(withProfile?.bodies ?? "", /cat: \.env: Permission denied/, "the sandbox refused it");
  });
});
