import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { runMain } from "../support/run-main.js";
import { coreExampleFiles } from "../support/settings-fixture.js";
import { testdir } from "../support/testdir.js";

/**
 * A server kept under another key by import (core/mcp.json `name`) is written, and named in what the
 * clients write about it, under the name its clients know: OpenCode's agent deny patterns are `<name>_*`.
 */
describe("an MCP server's written name", () => {
  it("is the key in the client's file and the prefix of OpenCode's agent deny patterns, once", async () => {
    const files = coreExampleFiles();
    const targets = JSON.parse(files["targets.json"] ?? "{}") as object;
    files["targets.json"] = JSON.stringify({ ...targets, builtin_clients: ["claude-code", "opencode"] });
    const server = { transport: "stdio", command: "php" };
    files["core/mcp.json"] = JSON.stringify({
      version: 1,
      servers: {
        catalog: { ...server, args: ["./artisan", "mcp"], clients: ["claude-code"] },
        "catalog-opencode": {
          ...server,
          args: ["/home/dana/shop/artisan", "mcp"],
          name: "catalog",
          clients: ["opencode"],
        },
      },
    });
    const registry = testdir(files);
    const out = join(registry, "build");
    const build = await runMain(["build", registry, "--out", out]);
    assert.equal(build.status, 0, build.stdout + build.stderr);
    const composed = JSON.parse(
      readFileSync(join(out, ".agentc-compose", "opencode", "opencode.json.json"), "utf8"),
    );
    const servers = (composed.entries as { path: string[]; value: { command: string[] } }[]).filter(
      (entry) => entry.path[0] === "mcp",
    );
    assert.deepEqual(
      servers.map((entry) => [entry.path, entry.value.command]),
      [
        [
          ["mcp", "catalog"],
          ["php", "/home/dana/shop/artisan", "mcp"],
        ],
      ],
    );
    const reviewer = readFileSync(join(out, ".opencode", "agent", "reviewer.md"), "utf8");
    assert.equal(reviewer.match(/"catalog_\*"/g)?.length, 1, reviewer);
    assert.doesNotMatch(reviewer, /catalog-opencode/);
  });
});
