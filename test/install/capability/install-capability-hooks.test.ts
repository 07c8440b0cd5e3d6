import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { type CapabilitySpec, capability, okSpawn } from "../../support/capability-bundle.js";
import { type ComponentSpec, makeBundle, snapshot } from "../../support/install-fixture.js";
import { binPath, runAgentcWithEnv } from "../../support/run-cli.js";
import { testdir } from "../../support/testdir.js";

/**
 * installer-safety case 20: a required spawn hook that fails, is killed, times out or is missing rolls the
 * whole install back, retiring what was already spawned, last first; an optional one failing only warns.
 * The hooks are real programs in the bundle; each appends what it did to a log outside the project.
 */
const ok = okSpawn;

/**
 * A capability whose hooks are the shell program (bin/hook.sh: its spawn succeeds, returning an environment and
 * meta): a shell starts in a fraction of Node's time. The cases a hook's failure needs run bin/hook.mjs.
 */
const shellHooked = (name: string, spec: CapabilitySpec = {}): ComponentSpec =>
  capability(name, { program: "sh", spawn: `bin/hook.sh ${name} spawn`, ...spec });

function setup(components: Record<string, ComponentSpec>) {
  const project = testdir({ "README.md": "mine\n" });
  const bundle = makeBundle({ components: { base: { files: { "AGENTS.md": "# rules\n" } }, ...components } });
  const log = join(testdir(), "hooks.log");
  writeFileSync(log, "");
  // In-process: HOOK_LOG, set for the run, reaches the hooks through the environment they inherit.
  const run = (...args: string[]) => runAgentcWithEnv([...args, "--project", project], { HOOK_LOG: log });
  const install = (...flags: string[]) => run("install", bundle, "--yes", ...flags);
  const hooksRun = (): string[] => readFileSync(log, "utf8").split("\n").filter(Boolean);
  return { project, bundle, log, run, install, hooksRun };
}

const record = (project: string) => JSON.parse(readFileSync(join(project, ".agentc/installed.json"), "utf8"));

describe("capability spawn hooks: a required one failing rolls everything back (case 20)", () => {
  const failures: Record<string, [string, RegExp]> = {
    fails: ["bin/hook.mjs beta spawn fail", /exited with status 3[\s\S]*could not reach the server/],
    "is killed": ["bin/hook.mjs beta spawn kill", /SIGKILL/],
    "times out": ["bin/hook.mjs beta spawn sleep", /timed out/],
    "is missing": ["bin/no-such-hook.mjs", /not found/],
    "is not on PATH": ["agentc-no-such-program-anywhere", /not found/],
    "returns an undeclared environment name": ["bin/hook.mjs beta spawn undeclared", /OTHER_NAME/],
  };
  for (const [how, [command, message]] of Object.entries(failures)) {
    it(`${how}: the project is as before and alpha, spawned first, is retired`, async () => {
      const t = setup({
        "capability-alpha": shellHooked("alpha"),
        "capability-beta": capability("beta", { spawn: command }),
      });
      const before = snapshot(t.project);
      // These hooks fail at once; the timeout only has to outlast a node hook's start on a loaded machine.
      const result = await t.install("--allow-hooks", "--hook-timeout", "10");
      assert.equal(result.status, 1, result.stderr);
      assert.match(result.stderr, message);
      assert.match(result.stderr, /every change was rolled back/);
      assert.match(result.stderr, /install failed \(hook-failed\)/);
      assert.deepEqual(snapshot(t.project), before);
      const ran = t.hooksRun().filter((l) => !l.includes(" pid "));
      const betaRan = command.startsWith("bin/hook.mjs");
      assert.deepEqual(ran, [
        "alpha spawn",
        ...(betaRan ? ["beta spawn", "beta retire"] : []),
        'alpha retire meta={"token":"alpha-1"}',
      ]);
    });
  }

  it("a timed-out hook is stopped, with what it started", async () => {
    // A shell hook: it has logged its pid long before the half second, even on a loaded machine.
    const t = setup({
      "capability-beta": capability("beta", { program: "sh", spawn: "bin/hook.sh beta spawn sleep" }),
    });
    assert.equal((await t.install("--allow-hooks", "--hook-timeout", "0.5")).status, 1);
    const pid = Number(
      t
        .hooksRun()
        .find((l) => l.startsWith("beta pid "))
        ?.split(" ")[2],
    );
    assert.ok(pid > 0);
    assert.throws(() => process.kill(pid, 0), /ESRCH/);
  });

  it("an optional spawn hook that fails is a warning: the install stands", async () => {
    const t = setup({
      "capability-alpha": shellHooked("alpha"),
      "capability-beta": capability("beta", { spawn: "bin/hook.mjs beta spawn fail", required: false }),
    });
    const result = await t.install("--allow-hooks");
    assert.equal(result.status, 0, result.stderr);
    assert.match(result.stdout, /spawn +acme\.beta: bin\/hook\.mjs beta spawn fail \(failed: .*status 3/);
    assert.ok(existsSync(join(t.project, ".agents/capabilities/beta/bin/hook.mjs")));
    const spawned = record(t.project).spawned;
    assert.deepEqual(
      spawned.map((s: { capability: string; state: string }) => [s.capability, s.state]),
      [
        ["acme.alpha", "ok"],
        ["acme.beta", "failed"],
      ],
    );
    assert.deepEqual(spawned[0].env, { ALPHA_HOME: "/srv/alpha" });
    assert.deepEqual(t.hooksRun(), ["alpha spawn", "beta spawn"]);
  });
});

describe("capability hooks run only when allowed", () => {
  it("a required spawn hook without --allow-hooks is a conflict: nothing is written, nothing runs", async () => {
    const t = setup({ "capability-alpha": shellHooked("alpha") });
    const before = snapshot(t.project);
    const result = await t.install();
    assert.equal(result.status, 1);
    assert.match(result.stderr, /capability acme\.alpha needs its required spawn hook to run: bin\/hook\.sh/);
    assert.match(result.stderr, /--allow-hooks/);
    assert.deepEqual(snapshot(t.project), before);
    assert.deepEqual(t.hooksRun(), []);
  });

  it("an optional one is skipped and recorded; a later run with --allow-hooks spawns it", async () => {
    const t = setup({ "capability-alpha": shellHooked("alpha", { required: false }) });
    const first = await t.install();
    assert.equal(first.status, 0, first.stderr);
    assert.match(first.stdout, /not run: hooks were not allowed/);
    assert.equal(record(t.project).spawned[0].state, "skipped");
    assert.match((await t.install()).stdout, /nothing to do, nothing written/);
    const allowed = await t.install("--allow-hooks");
    assert.equal(allowed.status, 0, allowed.stderr);
    assert.equal(record(t.project).spawned[0].state, "ok");
    assert.deepEqual(t.hooksRun(), ["alpha spawn"]);
    assert.match((await t.install("--allow-hooks")).stdout, /nothing to do, nothing written/);
    assert.deepEqual(t.hooksRun(), ["alpha spawn"]);
  });

  it("--dry-run lists the hooks it would run and runs none", async () => {
    const t = setup({ "capability-alpha": shellHooked("alpha") });
    const result = await t.install("--allow-hooks", "--dry-run", "--format", "json");
    assert.equal(result.status, 0, result.stderr);
    const hooks = JSON.parse(result.stdout).hooks;
    assert.deepEqual(hooks, [
      {
        capability: "acme.alpha",
        event: "spawn",
        command: "bin/hook.sh alpha spawn",
        required: true,
        result: "planned",
      },
    ]);
    assert.deepEqual(t.hooksRun(), []);
  });
});

describe("capability lifecycle: upgrade, dropped components, uninstall", () => {
  it("uninstall retires (with the spawn's meta) and restores the project", async () => {
    const t = setup({
      "capability-alpha": shellHooked("alpha"),
      "capability-beta": shellHooked("beta"),
    });
    const before = snapshot(t.project);
    assert.equal((await t.install("--allow-hooks")).status, 0);
    const dry = await t.run("uninstall", "--dry-run", "--format", "json");
    assert.deepEqual(
      JSON.parse(dry.stdout).hooks.map((h: { capability: string; result: string }) => [
        h.capability,
        h.result,
      ]),
      [
        ["acme.beta", "planned"],
        ["acme.alpha", "planned"],
      ],
    );
    const result = await t.run("uninstall");
    assert.equal(result.status, 0, result.stderr);
    assert.match(result.stdout, /retire +acme\.beta/);
    assert.deepEqual(t.hooksRun(), [
      "alpha spawn",
      "beta spawn",
      'beta retire meta={"token":"beta-1"}',
      'alpha retire meta={"token":"alpha-1"}',
    ]);
    assert.deepEqual(snapshot(t.project), before);
  });

  it("uninstall does not run a retire hook whose files were edited since they were allowed", async () => {
    const t = setup({ "capability-alpha": shellHooked("alpha") });
    assert.equal((await t.install("--allow-hooks")).status, 0);
    const hook = join(t.project, ".agents/capabilities/alpha/bin/hook.sh");
    writeFileSync(hook, `${readFileSync(hook, "utf8")}\n// edited\n`);
    const result = await t.run("uninstall");
    assert.equal(result.status, 0, result.stderr);
    assert.match(result.stdout, /not run: .*bin\/hook\.sh changed since the hook was allowed/);
    assert.deepEqual(t.hooksRun(), ["alpha spawn"]);
    assert.ok(existsSync(hook), "the edited file is the person's now and stays");
  });

  it("a component no longer chosen is retired before its files go", async () => {
    const t = setup({
      "capability-alpha": shellHooked("alpha"),
      "capability-beta": shellHooked("beta"),
    });
    assert.equal((await t.install("--allow-hooks", "--all")).status, 0);
    const result = await t.install("--components", "base,capability-alpha");
    assert.equal(result.status, 0, result.stderr);
    assert.deepEqual(t.hooksRun(), ["alpha spawn", "beta spawn", 'beta retire meta={"token":"beta-1"}']);
    assert.equal(existsSync(join(t.project, ".agents/capabilities/beta")), false);
    assert.deepEqual(
      record(t.project).spawned.map((s: { capability: string }) => s.capability),
      ["acme.alpha"],
    );
  });

  it("an upgrade whose required re-spawn fails keeps the previous version and does not retire it", async () => {
    const t = setup({ "capability-alpha": capability("alpha", { spawn: ok("alpha") }) });
    assert.equal((await t.install("--allow-hooks")).status, 0);
    const before = snapshot(t.project);
    const v2 = makeBundle({
      components: {
        base: { files: { "AGENTS.md": "# rules\n" } },
        "capability-alpha": capability("alpha", {
          spawn: "bin/hook.mjs alpha spawn fail",
          version: "2.0.0",
          extra: "v2\n",
        }),
      },
    });
    const result = await runAgentcWithEnv(["install", v2, "--project", t.project, "--yes", "--allow-hooks"], {
      HOOK_LOG: t.log,
    });
    assert.equal(result.status, 1, result.stdout);
    assert.deepEqual(snapshot(t.project), before);
    assert.deepEqual(t.hooksRun(), ["alpha spawn", "alpha spawn"]);
  });

  it("an unchanged capability is not spawned again", async () => {
    const t = setup({ "capability-alpha": shellHooked("alpha") });
    assert.equal((await t.install("--allow-hooks")).status, 0);
    assert.match((await t.install("--allow-hooks")).stdout, /nothing to do, nothing written/);
    assert.deepEqual(t.hooksRun(), ["alpha spawn"]);
  });
});

/** Starts a real install and resolves once beta's spawn hook is sleeping (it logs its pid). */
async function installUntilBetaSleeps(t: ReturnType<typeof setup>) {
  const child = spawn(
    process.execPath,
    [binPath, "install", t.bundle, "--project", t.project, "--yes", "--allow-hooks"],
    { env: { ...process.env, NO_COLOR: "1", HOOK_LOG: t.log }, stdio: ["ignore", "pipe", "pipe"] },
  );
  let stderr = "";
  child.stderr.on("data", (d: Buffer) => {
    stderr += d.toString();
  });
  child.stdout.resume();
  const done = new Promise<{ code: number | null; stderr: string }>((resolve) =>
    child.on("exit", (code) => resolve({ code, stderr })),
  );
  const pidLine = (): string | undefined => t.hooksRun().find((l) => l.startsWith("beta pid "));
  while (!pidLine()) await new Promise((r) => setTimeout(r, 20));
  return { child, done, hookPid: Number(pidLine()?.split(" ")[2]) };
}

describe("capability hooks and interruptions", () => {
  it("SIGTERM while a spawn hook runs: the hook is stopped, alpha retired, the install rolled back", async () => {
    const t = setup({
      "capability-alpha": shellHooked("alpha"),
      "capability-beta": capability("beta", { spawn: "bin/hook.mjs beta spawn sleep" }),
    });
    const before = snapshot(t.project);
    const run = await installUntilBetaSleeps(t);
    run.child.kill("SIGTERM");
    const ended = await run.done;
    assert.equal(ended.code, 143, ended.stderr);
    assert.match(ended.stderr, /interrupted by SIGTERM; the install was rolled back/);
    assert.deepEqual(snapshot(t.project), before);
    assert.throws(() => process.kill(run.hookPid, 0), /ESRCH/);
    assert.deepEqual(
      t.hooksRun().filter((l) => !l.includes(" pid ")),
      ["alpha spawn", "beta spawn", "beta retire", 'alpha retire meta={"token":"alpha-1"}'],
    );
  });

  it("a crash (SIGKILL) while a spawn hook runs: the next run retires what was spawned and rolls back", async () => {
    const t = setup({
      "capability-alpha": shellHooked("alpha"),
      "capability-beta": capability("beta", { spawn: "bin/hook.mjs beta spawn sleep" }),
    });
    const before = snapshot(t.project);
    const run = await installUntilBetaSleeps(t);
    run.child.kill("SIGKILL");
    await run.done;
    process.kill(-run.hookPid, "SIGKILL");
    const recovery = await t.run("uninstall");
    assert.equal(recovery.status, 0, recovery.stderr);
    assert.match(recovery.stdout, /recovered an interrupted run: rolled back/);
    assert.deepEqual(snapshot(t.project), before);
    assert.deepEqual(
      t.hooksRun().filter((l) => !l.includes(" pid ")),
      ["alpha spawn", "beta spawn", "beta retire", 'alpha retire meta={"token":"alpha-1"}'],
    );
  });
});

/** Runs the real CLI under a pseudo-terminal (util-linux `script`), typing `keys`; stdin stays open until it ends. */
function onTerminal(
  args: string[],
  keys: string,
  env: NodeJS.ProcessEnv,
): Promise<{ code: number | null; screen: string }> {
  const quote = (s: string): string => `'${s.replaceAll("'", "'\\''")}'`;
  const line = [process.execPath, binPath, ...args].map(quote).join(" ");
  const child = spawn("script", ["-qec", line, "/dev/null"], {
    env: { ...process.env, NO_COLOR: "1", TERM: "xterm", ...env },
    stdio: ["pipe", "pipe", "inherit"],
  });
  let screen = "";
  child.stdout.on("data", (d: Buffer) => {
    screen += d.toString();
  });
  child.stdin.write(keys);
  return new Promise((resolve) =>
    child.on("exit", (code) => {
      child.stdin.end();
      resolve({ code, screen });
    }),
  );
}

const hasScript = spawnSync("script", ["--version"]).status === 0;

describe("on a terminal, the installer asks before it runs a hook", {
  skip: !hasScript && "needs util-linux script",
}, () => {
  it("y runs the spawn hook", async () => {
    const t = setup({ "capability-alpha": shellHooked("alpha") });
    const run = await onTerminal(
      ["install", t.bundle, "--project", t.project, "--components", "base,capability-alpha"],
      "y\r",
      { HOOK_LOG: t.log },
    );
    assert.equal(run.code, 0, run.screen);
    assert.match(run.screen, /bin\/hook\.sh alpha spawn/);
    assert.deepEqual(t.hooksRun(), ["alpha spawn"]);
  });

  it("n writes nothing: the required hook is a conflict", async () => {
    const t = setup({ "capability-alpha": shellHooked("alpha") });
    const before = snapshot(t.project);
    const run = await onTerminal(
      ["install", t.bundle, "--project", t.project, "--components", "base,capability-alpha"],
      "n\r",
      { HOOK_LOG: t.log },
    );
    assert.equal(run.code, 1, run.screen);
    assert.match(run.screen, /needs its required spawn hook to run/);
    assert.deepEqual(snapshot(t.project), before);
    assert.deepEqual(t.hooksRun(), []);
  });
});

describe("a hand-edited record", () => {
  it("a broken spawned entry is a clear error and changes nothing", async () => {
    const t = setup({ "capability-alpha": shellHooked("alpha") });
    assert.equal((await t.install("--allow-hooks")).status, 0);
    const path = join(t.project, ".agentc/installed.json");
    const edited = record(t.project);
    edited.spawned[0].state = "maybe";
    writeFileSync(path, JSON.stringify(edited));
    const before = snapshot(t.project);
    for (const args of [["install", t.bundle, "--yes", "--allow-hooks"], ["uninstall"]]) {
      const result = await t.run(...args);
      assert.equal(result.status, 1, result.stderr);
      assert.match(
        result.stderr,
        /installed\.json: spawned\[0\] has a "state" other than ok, none, skipped, failed/,
      );
      assert.doesNotMatch(result.stderr, /at .*\.js:\d+/);
    }
    assert.deepEqual(snapshot(t.project), before);
    assert.deepEqual(t.hooksRun(), ["alpha spawn"]);
  });
});
