import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { appendFileSync, chmodSync, existsSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { isDeepStrictEqual } from "node:util";

import { ProjectWriter } from "../../src/install/apply/fs-ops.js";
import { recoverInterrupted } from "../../src/install/apply/recover.js";
import type { RunResult } from "../../src/install/apply/run-result.js";
import { runInstall } from "../../src/install/install-run.js";
import { tempSuffix } from "../../src/install/model/agentc-dir.js";
import { type InstallRecord, serializeRecord } from "../../src/install/model/record.js";
import { runUninstall } from "../../src/install/uninstall-run.js";
import { capabilityProject } from "../support/capability-bundle.js";
import { startPaused } from "../support/install-child.js";
import {
  copyOf,
  makeBundle,
  type Snapshot,
  snapshot,
  stamps,
  withCrash,
  withoutAgentc,
} from "../support/install-fixture.js";
import {
  copiedFolderProject,
  freshFolderProject,
  freshProject,
  upgradeProject,
} from "../support/install-scenarios.js";
import { runAgentc, runCli } from "../support/run-cli.js";
import { testdir } from "../support/testdir.js";

/** What a person does to a file: makes it a program (or no longer one), or adds a line. */
function personEdits(abs: string, edit: "chmod" | "append"): void {
  if (edit === "append") appendFileSync(abs, "the person's line\n");
  else chmodSync(abs, statSync(abs).mode & 0o100 ? 0o644 : 0o755);
}

const leftovers = (project: string): string[] =>
  Object.keys(snapshot(project)).filter((p) => /agentc-tmp|journal|\.agentc\/lock/.test(p));
/** The lock and its protocol files (claims, temps) belong to the run that holds or last held it. */
const notLock = (p: string): boolean => /^\.agentc\/lock(\.|$)/.test(p);
const deadPid = spawnSync(process.execPath, ["-e", "0"]).pid;

type Project = { project: string; bundle: string };

interface Scenario {
  name: string;
  setup: () => Project | Promise<Project>;
  run: (bundle: string, project: string) => Promise<RunResult>;
  args: (bundle: string, project: string) => string[];
  /**
   * A third state a crash or failure may leave besides the old and the new one: the old files with the record
   * saying which capabilities were retired (their retire hooks ran; the next install spawns them again).
   */
  retiring?: (old: Snapshot) => Snapshot;
}

/** The old state with every spawned capability that has a retire hook marked retired in the record. */
function withRetired(old: Snapshot): Snapshot {
  const path = ".agentc/installed.json";
  const text = old[path]?.replace(/^file - /, "") ?? "";
  const record = JSON.parse(text) as InstallRecord;
  const spawned = (record.spawned ?? []).map((s) =>
    s.state === "ok" && s.hooks.some((h) => h.startsWith("retire"))
      ? { ...s, state: "retired" as const, env: {} }
      : s,
  );
  return { ...old, [path]: `file - ${serializeRecord({ ...record, spawned })}` };
}

const defaultRequest = (bundle: string, project: string) => ({
  bundleDir: bundle,
  projectDir: project,
  choice: { kind: "default" as const },
  moveAside: true,
  dryRun: false,
});
const installWithDefaults = (bundle: string, project: string): Promise<RunResult> =>
  runInstall(defaultRequest(bundle, project));
const installArgs = (bundle: string, project: string): string[] => [
  "install",
  bundle,
  "--project",
  project,
  "--yes",
  "--move-aside",
];

/** Runs with links refused (AGENTC_FORCE_SYMLINK_EPERM), as on Windows without the privilege. */
async function refusingLinks<T>(body: () => Promise<T>): Promise<T> {
  process.env.AGENTC_FORCE_SYMLINK_EPERM = "1";
  try {
    return await body();
  } finally {
    delete process.env.AGENTC_FORCE_SYMLINK_EPERM;
  }
}

const scenarios: Scenario[] = [
  {
    name: "fresh install",
    setup: freshProject,
    run: installWithDefaults,
    args: installArgs,
  },
  {
    name: "upgrade",
    setup: upgradeProject,
    run: installWithDefaults,
    args: installArgs,
  },
  {
    name: "uninstall",
    setup: upgradeProject,
    run: (_b, p) => runUninstall({ projectDir: p, dryRun: false }),
    args: (_b, p) => ["uninstall", "--project", p],
  },
  {
    name: "links refused: a folder copied in place of a link",
    setup: freshFolderProject,
    run: (b, p) => refusingLinks(() => installWithDefaults(b, p)),
    args: installArgs,
  },
  {
    name: "links refused: a copied folder replaced by a new copy",
    setup: copiedFolderProject,
    run: (b, p) => refusingLinks(() => installWithDefaults(b, p)),
    args: installArgs,
  },
  {
    name: "links work again: a copied folder replaced by the link",
    setup: copiedFolderProject,
    run: installWithDefaults,
    args: installArgs,
  },
  {
    name: "capability packages with spawn hooks",
    setup: () => capabilityProject("sh"),
    run: (b, p) => runInstall({ ...defaultRequest(b, p), allowHooks: true }),
    args: (b, p) => [...installArgs(b, p), "--allow-hooks"],
  },
  {
    name: "uninstall of capability packages (retire hooks)",
    setup: async () => {
      const { project, bundle } = capabilityProject("sh");
      assert.equal((await runAgentc([...installArgs(bundle, project), "--allow-hooks"])).status, 0);
      return { project, bundle };
    },
    run: (_b, p) => runUninstall({ projectDir: p, dryRun: false }),
    args: (_b, p) => ["uninstall", "--project", p],
    retiring: withRetired,
  },
  {
    name: "uninstall of a copied folder",
    setup: copiedFolderProject,
    run: (_b, p) => runUninstall({ projectDir: p, dryRun: false }),
    args: (_b, p) => ["uninstall", "--project", p],
  },
  {
    name: "a person's adopted files taken over (issue 29)",
    setup: () => takenOverProject(false),
    run: installWithDefaults,
    args: installArgs,
  },
  {
    name: "uninstall giving back taken-over files",
    setup: () => takenOverProject(true),
    run: (_b, p) => runUninstall({ projectDir: p, dryRun: false }),
    args: (_b, p) => ["uninstall", "--project", p],
  },
];

/**
 * Two of the person's rule files that a first install adopted (its bundle held their bytes), and a bundle
 * that changes both; `takenOver`: that bundle is installed already (the originals are in .agentc/originals).
 */
async function takenOverProject(takenOver: boolean): Promise<Project> {
  const mine = { ".claude/rules/a.md": "# A\n\nmine\n", ".claude/rules/b.md": "# B\n\nmine too\n" };
  const project = testdir(mine);
  const files = (suffix: string) =>
    Object.fromEntries(Object.entries(mine).map(([path, text]) => [path, `${text}${suffix}`]));
  const bundle = (version: string, suffix: string) =>
    makeBundle({ version, components: { claude: { files: files(suffix) } } });
  assert.equal((await installWithDefaults(bundle("1.0.0", ""), project)).status, "ok");
  const next = bundle("2.0.0", "new line\n");
  if (takenOver) assert.equal((await installWithDefaults(next, project)).status, "ok");
  return { project, bundle: next };
}

/** What the kernel does to a killed process's lock: its pid no longer runs. */
function killOwner(project: string): void {
  const lock = join(project, ".agentc/lock");
  if (existsSync(lock)) writeFileSync(lock, `${JSON.stringify({ pid: deadPid })}\n`);
}

/** An empty .agentc folder left by a crash before anything was journaled is the same state as none. */
function normalised(snap: Record<string, string>): Record<string, string> {
  if (Object.keys(snap).some((p) => p.startsWith(".agentc/"))) return snap;
  const { ".agentc": _dropped, ...rest } = snap;
  return rest;
}

/**
 * `npm test` crashes each scenario's run at a bounded sample of its mutations: the first, every
 * `stride`-th, and each of the last `stride` (where the commit is); AGENTC_CRASH=full (`npm run test:crash`)
 * at every one.
 */
const everyMutation = process.env.AGENTC_CRASH === "full";
const stride = everyMutation ? 1 : 5;

/**
 * Calls `at(n)` for the crash points of one run, until it says the run finished before mutation n;
 * returns how many mutations the run has.
 */
async function eachCrashPoint(at: (n: number) => Promise<"crashed" | "finished">): Promise<number> {
  let crashed = 0;
  let past = 1;
  for (; past < 1000; past += stride) {
    if ((await at(past)) === "finished") break;
    crashed = past;
  }
  for (let n = crashed + 1; n < past; n++) if ((await at(n)) === "finished") return n - 1;
  return past - 1;
}

const crashAt = everyMutation ? "every mutating file-system call" : "a sample of the mutating calls";
describe(`18: a crash at ${crashAt}, then the next run`, { concurrency: 1 }, () => {
  for (const s of scenarios) {
    it(`${s.name}: after a crash at any mutation, recovery gives the old or the new state and a rerun converges`, async () => {
      const { project: template, bundle } = await s.setup();
      const clean = copyOf(template);
      assert.equal((await s.run(bundle, clean)).status, "ok");
      const expected = snapshot(clean);
      const old = snapshot(template);
      const mutations = await eachCrashPoint(async (n) => {
        const project = copyOf(template);
        const crashed = await withCrash(n, "abandon", () => s.run(bundle, project));
        if (crashed.status === "ok") return "finished";
        killOwner(project);
        await recoverInterrupted(new ProjectWriter(project), project);
        const recovered = normalised(snapshot(project, notLock));
        const states = [old, expected, ...(s.retiring ? [s.retiring(old)] : [])];
        const whole = states.some((state) => isDeepStrictEqual(recovered, normalised(state)));
        assert.ok(
          whole,
          `crash at mutation ${n}: recovery must give the old state (or the new one once committed)`,
        );
        const rerun = await s.run(bundle, project);
        assert.equal(rerun.status, "ok", `rerun after crash ${n}: ${rerun.problems.join("; ")}`);
        assert.deepEqual(snapshot(project), expected, `crash at mutation ${n}: the rerun converges`);
        assert.deepEqual(leftovers(project), []);
        return "crashed";
      });
      assert.ok(mutations >= 8, `the run has only ${mutations} mutations`);
    });

    it(`${s.name}: a failure at any mutation is rolled back in the same run`, async () => {
      const { project: template, bundle } = await s.setup();
      const old = snapshot(template);
      await eachCrashPoint(async (n) => {
        const project = copyOf(template);
        const r = await withCrash(n, "throw", () => s.run(bundle, project));
        if (r.status === "ok") return "finished";
        assert.equal(r.status, "failed");
        assert.match(r.problems.join(), /rolled back/);
        const left = snapshot(project);
        if (!(s.retiring && isDeepStrictEqual(left, s.retiring(old))))
          assert.deepEqual(left, old, `failure at mutation ${n} leaves the old state`);
        return "crashed";
      });
    });
  }

  it("a file the person edits or chmods between a crash and the next run is theirs: the rollback keeps it", async () => {
    const s = scenarios[1] as Scenario;
    const { project: template, bundle } = await s.setup();
    const old = snapshot(template, withoutAgentc);
    let edited = 0;
    // at the crash points of the others: every mutation under AGENTC_CRASH=full
    await eachCrashPoint(async (n) => {
      for (const edit of ["chmod", "append"] as const) {
        const project = copyOf(template);
        const crashed = await withCrash(n, "abandon", () => s.run(bundle, project));
        if (crashed.status === "ok") return "finished";
        killOwner(project);
        const written = Object.entries(snapshot(project, withoutAgentc))
          .filter(
            ([path, entry]) => entry.startsWith("file ") && old[path] !== entry && !path.endsWith(tempSuffix),
          )
          .map(([path]) => path);
        for (const path of written) personEdits(join(project, path), edit);
        edited += written.length > 0 ? 1 : 0;
        const expected = Object.fromEntries(written.map((p) => [p, snapshot(project)[p]]));
        await recoverInterrupted(new ProjectWriter(project), project);
        const after = snapshot(project);
        for (const path of written)
          assert.equal(
            after[path],
            expected[path],
            `crash at ${n}, ${edit} of ${path}: the rollback undid it`,
          );
      }
      return "crashed";
    });
    assert.ok(edited > 4, `only ${edited} half-written upgrades were edited`);
  });

  for (const n of [1, 4, 12, 20]) {
    it(`a real process killed at mutation ${n} is recovered by the next real run`, async () => {
      const s = scenarios[1] as Scenario;
      const { project, bundle } = await s.setup();
      const old = snapshot(project);
      const crashed = runCli(s.args(bundle, project), { env: { AGENTC_CRASH_AT: String(n) } });
      assert.equal(crashed.status, 137, crashed.stderr);
      const paused = await startPaused(s.args(bundle, project), "planned");
      assert.deepEqual(
        snapshot(project, notLock),
        old,
        "the next run rolled the crashed one back before planning",
      );
      paused.child.kill("SIGINT");
      assert.equal((await paused.done).code, 130);
      const rerun = await runAgentc(s.args(bundle, project));
      assert.equal(rerun.status, 0, rerun.stderr);
      assert.deepEqual(leftovers(project), []);
    });
  }

  it("a crash during the recovery itself is recovered by the run after", async () => {
    const s = scenarios[1] as Scenario;
    const { project: template, bundle } = await s.setup();
    const clean = copyOf(template);
    await s.run(bundle, clean);
    for (const [first, second] of [
      [12, 2],
      [20, 3],
      [25, 6],
    ] as const) {
      const project = copyOf(template);
      await withCrash(first, "abandon", () => s.run(bundle, project));
      killOwner(project);
      await withCrash(second, "abandon", () => s.run(bundle, project));
      killOwner(project);
      assert.equal((await s.run(bundle, project)).status, "ok");
      assert.deepEqual(snapshot(project), snapshot(clean));
    }
  });

  it("after kill -9 of a fresh install, status reports the pending journal as interrupted", async () => {
    const { project, bundle } = freshProject();
    const paused = await startPaused(installArgs(bundle, project), "applied");
    paused.child.kill("SIGKILL");
    assert.equal((await paused.done).signal, "SIGKILL");
    assert.ok(!existsSync(join(project, ".agentc/installed.json")), "killed before the record was written");
    const before = stamps(project);
    const status = await runAgentc(["status", "--project", project, "--check"]);
    assert.equal(status.status, 1, status.stdout);
    assert.match(status.stdout, /nothing is installed here/);
    assert.match(
      status.stdout,
      /interrupted +\.agentc\/journal\.json: an install or uninstall was interrupted \(\d+ steps journaled\); the next agentc install or uninstall rolls it back/,
    );
    const json = JSON.parse((await runAgentc(["status", "--project", project, "--format", "json"])).stdout);
    assert.equal(json.installed, false);
    assert.deepEqual(
      json.drift.map((d: { kind: string }) => d.kind),
      ["interrupted"],
    );
    assert.deepEqual(stamps(project), before, "status only reads");
    assert.equal((await runAgentc(installArgs(bundle, project))).status, 0);
    assert.equal((await runAgentc(["status", "--project", project, "--check"])).status, 0);
  });

  it("dry runs and status never write, even with an interrupted install pending", async () => {
    const { project, bundle } = await upgradeProject();
    runCli(["install", bundle, "--project", project, "--yes", "--move-aside"], {
      env: { AGENTC_CRASH_AT: "15" },
    });
    const before = stamps(project);
    const dry = await runAgentc(["install", bundle, "--project", project, "--yes", "--dry-run"]);
    assert.match(dry.stdout + dry.stderr, /interrupted install will be rolled back first/);
    const status = await runAgentc(["status", "--project", project, "--check"]);
    assert.equal(status.status, 1);
    assert.match(status.stdout, /interrupted/);
    assert.deepEqual(stamps(project), before);
  });
});
