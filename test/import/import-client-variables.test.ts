import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { packageRoot } from "../../src/shared/package-paths.js";
import { adoptionCycle, assertIdentity } from "../support/adoption-cycle.js";
import { runImport } from "../support/import-run.js";

/**
 * A server whose entry uses a variable the client fills itself (`${workspaceFolder}` in .vscode/mcp.json) has no
 * neutral form: the core's `${NAME}` is an environment variable, which the build would write back as
 * `${env:workspaceFolder}`. Found on 108yen/task-orchestrator-mcp: the server stays the project's, reported. Its
 * .vscode/mcp.json has comments, which the build's reading of the project's values must take as the client does.
 */
const project = join(packageRoot, "test", "fixtures", "adoption", "32-vscode-mcp-workspace-variable");

describe("an MCP server with a client's own variable", () => {
  it("is not imported and is reported at its entry; a server with environment variables only still is", async () => {
    const run = await runImport(project);
    assert.equal(run.status, 0, run.stderr);
    const mcp = JSON.parse(readFileSync(join(run.out, "core/mcp.json"), "utf8"));
    assert.deepEqual(Object.keys(mcp.servers).sort(), ["search", "tickets"]);
    assert.equal(mcp.servers.tickets.headers.Authorization, `Bearer \${TICKETS_TOKEN}`);
    const said = run.json.diagnostics.filter((d: { file: string }) => d.file === ".vscode/mcp.json");
    assert.ok(
      said.some((d: { message: string }) => /servers\.indexer .* uses \$\{workspaceFolder\}/.test(d.message)),
      JSON.stringify(said, null, 1),
    );
    assert.ok(!said.some((d: { message: string }) => /twice/.test(d.message)), "no entry composed beside it");
  });

  it("the round trip stays the identity, the JSONC file's servers composed as the project has them", async () => {
    const cycle = await adoptionCycle(project);
    assertIdentity(cycle);
    // a server without "type" is the project's value, not agentc's with "type": "stdio" added beside it
    assert.doesNotMatch(cycle.installRun.stdout + cycle.installRun.stderr, /already exists/);
  });
});
