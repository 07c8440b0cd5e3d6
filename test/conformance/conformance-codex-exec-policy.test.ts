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
import { beyondSlice } from "../support/conformance-slice.js";
import { describeSession } from "../support/loopback/client-session.js";
import { codexExecOnce } from "../support/loopback/codex-exec.js";
import type { SessionRecord } from "../support/loopback/session-runner.js";
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
    if (beyondSlice(t)) return;
    const program = requireClient(t, "codex");
    if (!program) return;
    const installed = await buildAndInstall(plainClientRegistry(), [pack]);
    const refused = await resetIn(program, installed.project);
    assert.match(
      toolOutputs(refused),
      /rejected: policy forbids commands starting with `git reset --hard`/,
      describeSession(refused),
    );
    writeFileSync(join(installed.project, policy), "");
    const ran = await resetIn(program, installed.project);
    assert.doesNotMatch(toolOutputs(ran), /policy forbids/, describeSession(ran));
    assert.match(toolOutputs(ran), /Process exited with code/, describeSession(ran));
  });
});

/** What Codex told the model its commands did: the Responses API's function_call_output items. */
function toolOutputs(record: SessionRecord): string {
  const items = record.requests.flatMap((r) => (JSON.parse(r.body) as { input?: unknown[] }).input ?? []);
  return items
    .filter((item): item is { type: string; output: string } => {
      const { type, output } = item as { type?: unknown; output?: unknown };
      return type === "function_call_output" && typeof output === "string";
    })
    .map((item) => item.output)
    .join("\n");
}

const resetIn = (program: string[], project: string) =>
  codexExecOnce(program, project, "reset it", "git reset --hard");
