import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { packageRoot } from "../../src/shared/package-paths.js";
import { runImport } from "../support/import-run.js";

/**
 * Gemini CLI reads a remote server as `url` with `type` ("http" or "sse") since 0.20, and that is what
 * `gemini mcp add --transport http` writes; `httpUrl` is deprecated but read. The pack's `remote_read` lets
 * import read the newer spelling while the build keeps writing `httpUrl`. A bare `url` says no transport
 * (an SSE server to older versions, tried both ways by newer ones): it stays the project's. Found on
 * 5throck/co-abap-plugin's .gemini/settings.json.
 * The adoption corpus (test/import/adoption-corpus.test.ts) holds its round trip to the identity.
 */
const project = join(packageRoot, "test", "fixtures", "adoption", "64-gemini-mcp-url-with-type");

describe("a Gemini CLI server written as url with type", () => {
  it("is imported like httpUrl; a bare url is not, and is named at its entry", async () => {
    const run = await runImport(project);
    assert.equal(run.status, 0, run.stderr);
    const mcp = JSON.parse(readFileSync(join(run.out, "core/mcp.json"), "utf8"));
    assert.deepEqual(Object.keys(mcp.servers).sort(), ["catalog", "stock"]);
    assert.equal(mcp.servers.stock.transport, "http");
    assert.equal(mcp.servers.stock.url, "https://stock.example.com/mcp");
    assert.equal(mcp.servers.stock.headers.Authorization, `Bearer \${STOCK_TOKEN}`);
    const said = run.json.diagnostics.filter((d: { file: string }) => d.file === ".gemini/settings.json");
    assert.ok(
      said.some(
        (d: { message: string }) =>
          d.message ===
          "mcpServers.legacy-feed in .gemini/settings.json has a url but names no transport (the client guesses one), a form of remote entry the pack does not read: not imported",
      ),
      JSON.stringify(said, null, 1),
    );
  });
});
