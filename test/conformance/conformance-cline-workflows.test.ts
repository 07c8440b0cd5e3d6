import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { buildAndInstall, clientSandbox, requireClient } from "../support/clients-cli.js";
import { beyondSlice } from "../support/conformance-slice.js";
import { clientSession, describeSession, mainRequest } from "../support/loopback/client-session.js";
import { occurrences } from "../support/loopback/expected-loads.js";
import { plainClientRegistry } from "../support/plain-fixture.js";
import { stopStrayProcesses } from "../support/stray-processes.js";

const pack = "cline";

/** The workflows agentc wrote to .clinerules/workflows, each run as /<name> in a real Cline session. */
describe("Cline CLI: the workflows in .clinerules/workflows", () => {
  // Cline 3.0.65 expands `/<name>` (the file name without .md) into the workflow's text; `/<name>.md`,
  // as the docs spell it, reaches the model unexpanded.
  it("runs each workflow as /<name>: its steps reach the model", async (t) => {
    if (beyondSlice(t)) return;
    const program = requireClient(t, "cline");
    if (!program) return;
    const installed = await buildAndInstall(plainClientRegistry(), [pack]);
    const env = clientSandbox().env as Record<string, string>;
    t.after(() => {
      stopStrayProcesses((argv) => argv.includes("--cline-hub-daemon") && argv.includes(installed.project));
    });
    const workflows = (installed.compiled.tree?.files ?? []).filter(
      (f) => f.client?.client === pack && f.client.kind === "command",
    );
    assert.ok(workflows.length > 0, "the fixture has a command Cline can take");
    for (const workflow of workflows) {
      const name = workflow.path.slice(workflow.path.lastIndexOf("/") + 1, -".md".length);
      const text = readFileSync(join(installed.project, workflow.path), "utf8");
      const step =
        text
          .trim()
          .split("\n")
          .filter((l) => l.length >= 20)
          .at(-1) ?? "";
      const record = await clientSession({
        api: "openai-chat",
        cwd: installed.project,
        env,
        steps: [
          {
            program,
            args: ["auth", "-p", "openai-compatible", "-k", "loopback", "-m", "gpt-test", "-b", "{base}/v1"],
          },
          { program, args: ["--auto-approve", "true", `/${name} now`] },
        ],
        timeoutMs: 90_000,
      });
      assert.equal(record.status, 0, describeSession(record));
      assert.ok(occurrences(mainRequest(record), step) >= 1, `/${name}: ${step}\n${describeSession(record)}`);
    }
  });
});
