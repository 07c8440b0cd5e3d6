import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import {
  buildAndInstall,
  clientSandbox,
  describeRun,
  requireClient,
  runClient,
} from "../support/clients-cli.js";
import { describeSession } from "../support/loopback/client-session.js";
import { codexExecOnce } from "../support/loopback/codex-exec.js";
import { plainClientRegistry } from "../support/plain-fixture.js";

const pack = "codex";
const policy = ".codex/rules/agentc.rules";

/**
 * The core's exec rules as Codex's own exec policy (fact exec-policy: a trusted project's .codex/rules
 * are enforced before a shell command runs). The fixture denies `rm -rf` and `git push --force`, asks
 * for `git push` and allows `npm test`.
 */
describe("Codex: the exec policy agentc wrote", () => {
  it("decides each core command as core/permissions.json says (codex execpolicy check)", async (t) => {
    const program = requireClient(t, "codex");
    if (!program) return;
    const installed = await buildAndInstall(plainClientRegistry(), [pack]);
    const rules = join(installed.project, policy);
    const cases: [string[], string | undefined][] = [
      [["rm", "-rf", "build"], "forbidden"],
      [["git", "push", "--force", "origin", "main"], "forbidden"],
      [["git", "push", "origin", "main"], "prompt"],
      [["npm", "test"], "allow"],
      [["ls"], undefined],
    ];
    for (const [command, expected] of cases) {
      const run = await runClient(program, ["execpolicy", "check", "--rules", rules, ...command], {
        cwd: installed.project,
        sandbox: clientSandbox(),
      });
      assert.equal(run.status, 0, describeRun(run));
      const decision = (JSON.parse(run.stdout) as { decision?: string }).decision;
      assert.equal(decision, expected, `${command.join(" ")}\n${describeRun(run)}`);
    }
  });

  it("refuses a denied command in a real session of a trusted project, and runs it without the file", async (t) => {
    const program = requireClient(t, "codex");
    if (!program) return;
    const installed = await buildAndInstall(plainClientRegistry(), [pack]);
    const ranCommand = /bash -lc 'git reset --hard' in /;
    const refused = await resetIn(program, installed.project);
    assert.match(
      refused.stderr,
      /policy forbids commands starting with `git reset --hard`/,
      describeSession(refused),
    );
    assert.doesNotMatch(refused.stderr, ranCommand, describeSession(refused));
    writeFileSync(join(installed.project, policy), "");
    const ran = await resetIn(program, installed.project);
    assert.doesNotMatch(ran.stderr, /policy forbids/, describeSession(ran));
    assert.match(ran.stderr, ranCommand, describeSession(ran));
  });
});

const resetIn = (program: string[], project: string) =>
  codexExecOnce(program, project, "reset it", "git reset --hard");
