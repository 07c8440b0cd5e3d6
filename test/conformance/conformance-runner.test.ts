import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { describe, it } from "node:test";
import { clientSandbox, describeRun, networkIsolated, runClient } from "../support/clients-cli.js";
import { goneWithin } from "../support/stray-processes.js";

/** The sandbox the conformance tests run the real CLIs in: each promise of docs/conformance.md, checked. */
describe("the sandbox of the client CLIs", () => {
  // The children sleep for an hour and hold the output pipes: had only the shell been killed, the run would
  // wait for them until the test's timeout stopped it. No time is asserted; the children must be gone.
  it("kills a CLI that runs past its timeout, with its children", { timeout: 300_000 }, async () => {
    const sandbox = clientSandbox();
    const script = "sleep 3600 & echo $! > pids; sleep 3600 & echo $! >> pids; wait";
    const run = await runClient(["sh"], ["-c", script], { cwd: sandbox.root, sandbox, timeoutMs: 1000 });
    assert.equal(run.timedOut, true, describeRun(run));
    const pids = join(sandbox.root, "pids");
    const children = existsSync(pids) ? readFileSync(pids, "utf8").trim().split("\n").map(Number) : [];
    assert.equal(children.length, 2, "the script noted both children");
    for (const pid of children) assert.equal(await goneWithin(pid, 10_000), true, `child ${pid} still runs`);
  });

  it("hands the CLI a home of its own, no API key and no variable of the person running the tests", async () => {
    const sandbox = clientSandbox();
    const secret = { ANTHROPIC_API_KEY: "sk-test", OPENAI_API_KEY: "sk-test", GEMINI_API_KEY: "g-test" };
    Object.assign(process.env, secret);
    try {
      const run = await runClient(["env"], [], { cwd: sandbox.root, sandbox });
      const env = new Map(run.stdout.split("\n").map((line) => line.split("=", 2) as [string, string]));
      for (const name of Object.keys(secret)) assert.equal(env.get(name), undefined, `${name} stays outside`);
      assert.equal(env.get("HOME"), sandbox.home);
      assert.equal(env.get("CODEX_HOME"), sandbox.codexHome);
      assert.equal(env.get("DISABLE_AUTOUPDATER"), "1");
    } finally {
      for (const name of Object.keys(secret)) delete process.env[name];
    }
  });

  it("keeps the CLI off the network: not even a server on this machine's loopback answers it", async (t) => {
    if (!networkIsolated) {
      t.skip("no network namespace here (unshare --net fails): only the dead proxy variables fence the CLIs");
      return;
    }
    const server = createServer((_req, res) => res.end("reached"));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const sandbox = clientSandbox();
      const probe = `fetch("http://127.0.0.1:${port}/").then(() => console.log("reached"), () => console.log("refused"))`;
      const run = await runClient([process.execPath], ["-e", probe], { cwd: sandbox.root, sandbox });
      assert.equal(run.stdout.trim(), "refused", describeRun(run));
    } finally {
      server.close();
    }
  });
});
