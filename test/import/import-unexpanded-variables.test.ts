import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { runImport } from "../support/import-run.js";
import { testdir } from "../support/testdir.js";

/**
 * Droid expands ${VAR} in an MCP server's env and headers only (clients/droid.json mcp.env_reference_in): a
 * variable in args reaches the server as written. Import read such an arg as the core's variable, which every
 * other client would expand and the build then refused for Droid itself. It is now no neutral form: named, and the
 * server stays the project's, as Droid runs it today; one with its variable in env is imported as before.
 */
describe("an MCP variable in a field the client does not expand", () => {
  it("keeps the server out of the registry, named; a variable in env is carried", async () => {
    const servers = {
      mcpServers: {
        // biome-ignore lint/suspicious/noTemplateCurlyInString: a variable as the file spells it
        tickets: { type: "stdio", command: "npx", args: ["-y", "@acme/tickets", "--team", "${TEAM}"] },
        search: {
          type: "stdio",
          command: "npx",
          args: ["-y", "@acme/search"],
          // biome-ignore lint/suspicious/noTemplateCurlyInString: a variable as the file spells it
          env: { SEARCH_KEY: "${SEARCH_KEY}" },
        },
      },
    };
    const run = await runImport(testdir({ ".factory/mcp.json": JSON.stringify(servers, null, 2) }));
    assert.equal(run.status, 0, run.stderr);
    const core = JSON.parse(readFileSync(join(run.out, "core", "mcp.json"), "utf8"));
    assert.deepEqual(Object.keys(core.servers), ["search"]);
    assert.equal(core.servers.search.env.SEARCH_KEY, `\${SEARCH_KEY}`);
    assert.ok(
      run.json.diagnostics.some(
        (d) =>
          d.file === ".factory/mcp.json" &&
          d.message ===
            // biome-ignore lint/suspicious/noTemplateCurlyInString: a variable as the file spells it
            "mcpServers.tickets in .factory/mcp.json holds a ${NAME} in its args, which the client passes on as written (it expands variables in env, headers only), so the server has no neutral form: not imported",
      ),
      JSON.stringify(run.json.diagnostics.map((d) => d.message)),
    );
  });
});
