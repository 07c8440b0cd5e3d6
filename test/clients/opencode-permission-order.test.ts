import assert from "node:assert/strict";
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { buildAndInstall } from "../support/clients-cli.js";
import { plainClientRegistry } from "../support/plain-fixture.js";
import { testdir } from "../support/testdir.js";

/** The plain client fixture with its permissions replaced. */
function registryWith(permissions: object): string {
  const dir = join(testdir({}, "agentc-oc-order-"), "registry");
  cpSync(plainClientRegistry(), dir, { recursive: true });
  writeFileSync(
    join(dir, "core", "permissions.json"),
    `${JSON.stringify({ version: 1, ...permissions }, null, 2)}\n`,
  );
  return dir;
}

function bashOf(project: string): [string, string][] {
  const config = JSON.parse(readFileSync(join(project, "opencode.json"), "utf8")) as {
    permission: { bash: Record<string, string> };
  };
  return Object.entries(config.permission.bash);
}

/**
 * OpenCode takes the last matching key (fact permissions), the core the first matching level: deny,
 * then ask, then allow. The keys must come out in an order where OpenCode decides as the core does.
 */
describe("OpenCode permission keys: the core's deny-first order as OpenCode's last match", () => {
  it("writes allow keys first and deny keys last, a coarse deny after the allowed commands", async () => {
    const installed = await buildAndInstall(
      registryWith({
        deny: [{ verb: "exec" }],
        ask: [{ verb: "exec", commands: ["git push"] }],
        allow: [{ verb: "exec", commands: ["npm test"] }],
      }),
      ["opencode"],
    );
    assert.deepEqual(bashOf(installed.project), [
      ["npm test *", "allow"],
      ["git push *", "ask"],
      ["*", "deny"],
    ]);
  });

  it("keeps the stronger level's action for a key two levels give", async () => {
    const installed = await buildAndInstall(
      registryWith({
        deny: [{ verb: "exec", commands: ["git push"] }],
        ask: [],
        allow: [{ verb: "exec", commands: ["git push", "git diff"] }],
      }),
      ["opencode"],
    );
    assert.deepEqual(bashOf(installed.project), [
      ["git push *", "deny"],
      ["git diff *", "allow"],
    ]);
  });
});
