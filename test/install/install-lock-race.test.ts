import assert from "node:assert/strict";
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { makeBundle, snapshot } from "../support/install-fixture.js";
import { binPath } from "../support/run-cli.js";
import { testdir } from "../support/testdir.js";

const spec = {
  components: {
    core: { required: true, files: { "AGENTS.md": "# rules\n", "docs/a.md": "a\n" } },
  },
};
const racers = 5;
const rounds = 4;

interface Racer {
  child: ChildProcess;
  waiting: Promise<void>;
  done: Promise<{ code: number | null; stderr: string }>;
}

/** A real `agentc install` that announces when it waits at the gate (AGENTC_LOCK_GATE) before taking the lock. */
function startRacer(bundle: string, project: string, gate: string): Racer {
  const child = spawn(process.execPath, [binPath, "install", bundle, "--project", project, "--yes"], {
    env: { ...process.env, NO_COLOR: "1", AGENTC_LOCK_GATE: gate },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stdout?.resume();
  const done = new Promise<{ code: number | null; stderr: string }>((resolve) =>
    child.on("exit", (code) => resolve({ code, stderr })),
  );
  const waiting = new Promise<void>((resolve, reject) => {
    child.stderr?.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
      if (stderr.includes("agentc-waiting:lock")) resolve();
    });
    void done.then(({ code }) => reject(new Error(`racer exited (${code}) before the gate:\n${stderr}`)));
  });
  return { child, waiting, done };
}

const deadPid = (): number => spawnSync(process.execPath, ["-e", "0"]).pid as number;

const staleLocks = [
  () => `${JSON.stringify({ pid: deadPid() })}\n`,
  () => `${JSON.stringify({ pid: deadPid(), token: "0123456789abcdef0123456789abcdef" })}\n`,
];

describe("21: racing for a stale lock", () => {
  it(`of ${racers} real installs released at one instant onto a dead pid's lock, exactly one installs`, {
    timeout: 600_000,
  }, async () => {
    const bundle = makeBundle(spec);
    for (let round = 0; round < rounds; round++) {
      const stale = (staleLocks[round % staleLocks.length] as () => string)();
      const project = testdir({ ".agentc/lock": stale });
      const gate = join(testdir(), "gate");
      const all = Array.from({ length: racers }, () => startRacer(bundle, project, gate));
      await Promise.all(all.map((r) => r.waiting));
      writeFileSync(gate, "open\n");
      const finished: { racer: Racer; code: number | null; stderr: string }[] = [];
      for (const racer of all) void racer.done.then((d) => finished.push({ racer, ...d }));
      // The losers end by themselves while the winner waits at the gate; a loser that waited for the lock
      // instead would hang here until the test's timeout stops it (no time is asserted).
      while (finished.length < racers - 1) await new Promise((r) => setTimeout(r, 10));
      await new Promise((r) => setTimeout(r, 100));
      if (finished.length !== racers - 1) for (const r of all) r.child.kill("SIGKILL");
      assert.equal(finished.length, racers - 1, `round ${round}: only one racer may hold the lock`);
      for (const f of finished) {
        assert.equal(f.code, 1, `round ${round}: ${f.stderr}`);
        assert.match(f.stderr, /another install holds the lock/);
        assert.doesNotMatch(f.stderr, /\n\s+at /);
      }
      assert.equal(existsSync(join(project, "AGENTS.md")), false, "the losers wrote nothing");
      rmSync(gate);
      const winner = all.find((r) => !finished.some((f) => f.racer === r)) as Racer;
      const won = await winner.done;
      assert.equal(won.code, 0, won.stderr);
      assert.equal(snapshot(project)["AGENTS.md"], "file - # rules\n");
      assert.deepEqual(
        readdirSync(join(project, ".agentc")).sort(),
        [".gitignore", "installed.json", "manifest.json", "stat-cache.json"],
        "no lock, claim or temp file is left",
      );
    }
  });
});
