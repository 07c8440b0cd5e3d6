import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { packageRoot } from "../../src/shared/package-paths.js";
import { runImport } from "../support/import-run.js";

/**
 * A server whose value holds a `${` that is neither `${NAME}` nor `${NAME:-default}` (`${erp_client:100}`, a
 * default written without the "-") has no neutral form: the build refuses such a value (AGC070), so import
 * leaves the server in the project's file and says why, instead of writing a registry that does not build.
 * Found on 5throck/co-abap-plugin's .mcp.json.
 * The adoption corpus (test/import/adoption-corpus.test.ts) holds its round trip to the identity.
 */
const project = join(packageRoot, "test", "fixtures", "adoption", "63-claude-mcp-unknown-placeholder");

describe("an MCP server with a placeholder agentc cannot carry", () => {
  it("is not imported and is named at its entry; the registry builds, the well-formed server imported", async () => {
    const run = await runImport(project);
    assert.equal(run.status, 0, run.stderr);
    const mcp = JSON.parse(readFileSync(join(run.out, "core/mcp.json"), "utf8"));
    assert.deepEqual(Object.keys(mcp.servers), ["ledger"]);
    assert.equal(mcp.servers.ledger.headers.Authorization, `Bearer \${LEDGER_TOKEN:-none}`);
    const said = run.json.diagnostics.filter((d: { file: string }) => d.file === ".mcp.json");
    const erp = said.find((d: { message: string }) => d.message.includes("mcpServers.erp"));
    assert.ok(erp, JSON.stringify(said, null, 1));
    assert.match(erp.message, /holds "\$\{erp_client:100\}", which is no placeholder/);
    assert.equal(erp.line, 3);
    assert.ok(
      !run.json.diagnostics.some((d: { id: string }) => d.id === "AGC070"),
      "nothing the build refuses",
    );
  });
});
