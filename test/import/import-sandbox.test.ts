import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { runImport } from "../support/import-run.js";
import { testdir } from "../support/testdir.js";

const settings = (value: object) => ({ ".claude/settings.json": `${JSON.stringify(value, null, 2)}\n` });
const denyEnv = { permissions: { deny: ["Read(./.env)"] } };

/** The AGC128 and AGC129 lines import gave about .claude/settings.json. */
function aboutSettings(run: Awaited<ReturnType<typeof runImport>>): string[] {
  return run.json.diagnostics
    .filter((d) => d.file === ".claude/settings.json" && (d.id === "AGC128" || d.id === "AGC129"))
    .map((d) => `${d.id} ${d.severity} ${d.message}`);
}

describe("import: a client's sandbox (os_read_deny) read back", () => {
  it("takes the sandbox agentc writes for a read rule as agentc's: the round trip says nothing of it", async () => {
    const sandbox = { enabled: true, filesystem: { denyRead: ["./.env"] } };
    const run = await runImport(testdir(settings({ ...denyEnv, sandbox })));
    assert.equal(run.status, 0, run.stderr);
    const about = aboutSettings(run);
    assert.ok(!about.some((line) => line.includes("sandbox")), about.join("\n"));
    const permissions = JSON.parse(readFileSync(join(run.out, "core", "permissions.json"), "utf8"));
    assert.deepEqual(permissions.deny, [{ verb: "read", paths: [".env"] }]);
  });

  it("keeps a person's own sandbox values in their file and says so, each at its key", async () => {
    const sandbox = {
      enabled: false,
      network: { allowedDomains: ["example.com"] },
      filesystem: { denyRead: ["./.env", "~/private"] },
    };
    const run = await runImport(testdir(settings({ ...denyEnv, sandbox })));
    assert.equal(run.status, 0, run.stderr);
    const left = aboutSettings(run).filter((line) => line.startsWith("AGC128"));
    assert.deepEqual(left, [
      "AGC128 warning sandbox.enabled in .claude/settings.json is false, where agentc writes true: not imported",
      "AGC128 warning sandbox.network in .claude/settings.json has no neutral equivalent: not imported",
      "AGC128 warning sandbox.filesystem.denyRead.1 in .claude/settings.json has no neutral equivalent: not imported",
    ]);
  });

  it("takes a switch with agentc's value as agentc's even with no read rule; the round trip then shows the build would not write it", async () => {
    const run = await runImport(testdir(settings({ sandbox: { enabled: true } })));
    assert.equal(run.status, 0, run.stderr);
    const about = aboutSettings(run);
    assert.ok(!about.some((line) => line.startsWith("AGC128")), about.join("\n"));
    assert.ok(
      about.some((line) => line.startsWith("AGC129 warning")),
      `the round trip warns that the build composes other values: ${about.join("\n")}`,
    );
  });
});
