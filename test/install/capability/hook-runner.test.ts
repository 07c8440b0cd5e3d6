import assert from "node:assert/strict";
import { chmodSync, existsSync, readFileSync, realpathSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { commandWords } from "../../../src/capabilities/command-words.js";
import { type HookOutcome, type HookRun, runHook } from "../../../src/install/capability/run-hook.js";
import { parseHookLine } from "../../../src/manifest/hook-line.js";
import { goneWithin, running } from "../../support/stray-processes.js";
import { testdir } from "../../support/testdir.js";

const home = ".agents/capabilities/x";
const reply = 'const reply = (value) => process.stdout.write(JSON.stringify(value) + "\\n");\n';
const sleepForever = "setInterval(() => {}, 1000);\n";

/** A temporary project whose capability home holds `files`; `exec` files get the executable bit. */
function project(files: Record<string, string>, exec: string[] = []): string {
  const root = testdir(
    Object.fromEntries(Object.entries(files).map(([path, text]) => [`${home}/${path}`, text])),
  );
  for (const path of exec) chmodSync(join(root, home, path), 0o755);
  return root;
}

function hook(root: string, command: string, more: Partial<HookRun> = {}): Promise<HookOutcome> {
  return runHook({
    root,
    home,
    capability: { id: "example.x", layer: "messaging", environment: ["X_HOME", "X_TOKEN"] },
    event: "spawn",
    command,
    timeoutMs: 20_000,
    ...more,
  });
}

function failure(outcome: HookOutcome): { failure: string; problem: string } {
  assert.equal(outcome.ok, false, JSON.stringify(outcome));
  return outcome.ok ? { failure: "", problem: "" } : outcome;
}

function success(outcome: HookOutcome): Extract<HookOutcome, { ok: true }> {
  assert.equal(outcome.ok, true, JSON.stringify(outcome));
  if (!outcome.ok) throw new Error("unreachable");
  return outcome;
}

describe("parseHookLine", () => {
  const valid: [string, ReturnType<typeof parseHookLine>][] = [
    [
      "spawn :: required :: bin/hook.mjs spawn",
      { event: "spawn", required: true, command: "bin/hook.mjs spawn" },
    ],
    [
      "retire :: optional :: bin/hook.mjs a :: b",
      { event: "retire", required: false, command: "bin/hook.mjs a :: b" },
    ],
    ["soul-scaffold :: optional :: tool x", { event: "soul-scaffold", required: false, command: "tool x" }],
  ];
  for (const [line, expected] of valid)
    it(`reads ${line}`, () => assert.deepEqual(parseHookLine(line), expected));

  const invalid = [
    "retire :: required :: x",
    "soul-scaffold :: required :: x",
    "spawn :: maybe :: x",
    "boot :: optional :: x",
    "spawn :: optional :: ",
    "spawn :: optional",
    "spawn",
  ];
  for (const line of invalid)
    it(`refuses ${JSON.stringify(line)}`, () => assert.equal(parseHookLine(line), undefined));
});

describe("commandWords", () => {
  const words: [string, string[]][] = [
    ["bin/hook.mjs spawn", ["bin/hook.mjs", "spawn"]],
    ["  a\t b  ", ["a", "b"]],
    ["a 'b c' d", ["a", "b c", "d"]],
    ['"a \\"q\\" \\\\ \\n"', ['a "q" \\ \\n']],
    ["'a\\b' 'x\"y'", ["a\\b", 'x"y']],
    ["a'b'\"c\"d", ["abcd"]],
    ["a '' b \"\"", ["a", "", "b", ""]],
    ["a\\ b", ["a\\", "b"]],
    ["tool --flag=' :: '", ["tool", "--flag= :: "]],
  ];
  for (const [command, expected] of words)
    it(`splits ${JSON.stringify(command)}`, () =>
      assert.deepEqual(commandWords(command), { ok: true, words: expected }));

  const problems: [string, RegExp][] = [
    ["a 'b", /^has an unbalanced ' quote at column 3$/],
    ['"a', /^has an unbalanced " quote at column 1$/],
    ['x "a\\"', /^has an unbalanced " quote at column 3$/],
    ["", /^is empty$/],
    [" \t ", /^is empty$/],
    ["a\u0000b", /NUL/],
  ];
  for (const [command, expected] of problems)
    it(`refuses ${JSON.stringify(command)}`, () => {
      const split = commandWords(command);
      assert.equal(split.ok, false);
      assert.match(split.ok ? "" : split.problem, expected);
    });
});

describe("runHook: what a hook returns", () => {
  it("returns env, meta and warning from the last JSON line, ignoring unknown keys", async () => {
    const root = project({
      "bin/hook.mjs": `${reply}console.log("starting");\nconsole.error("note on stderr");\nreply({ env: { X_TOKEN: "t", X_HOME: "/h" }, meta: { id: 7 }, warning: "slow disk", brief: "b", launch: {}, later: 1 });\n`,
    });
    const outcome = success(await hook(root, "bin/hook.mjs spawn"));
    assert.deepEqual(outcome, {
      ok: true,
      env: { X_HOME: "/h", X_TOKEN: "t" },
      meta: { id: 7 },
      warning: "slow disk",
      stderr: "note on stderr\n",
    });
    assert.deepEqual(Object.keys(outcome.env), ["X_HOME", "X_TOKEN"]);
  });

  it("a last line that is not a JSON object is just output", async () => {
    for (const last of ["done", "[1, 2]", '"text"', "{not json"]) {
      const root = project({ "bin/hook.mjs": `console.log(${JSON.stringify(last)});\nconsole.log("");\n` });
      assert.deepEqual(await hook(root, "bin/hook.mjs"), { ok: true, env: {}, stderr: "" });
    }
  });

  const bad: [string, string, RegExp][] = [
    [
      "an undeclared env name",
      '{ env: { OTHER: "v" } }',
      /^capability example\.x: spawn hook "bin\/hook\.mjs" returned env name OTHER that the capability does not declare in "environment"$/,
    ],
    [
      "a value with a newline",
      '{ env: { X_HOME: "a\\nb" } }',
      /returned env X_HOME with a value holding a newline/,
    ],
    [
      "a value with a NUL",
      '{ env: { X_HOME: "a\\u0000b" } }',
      /returned env X_HOME with a value holding a NUL/,
    ],
    [
      "a value over 8192 bytes",
      '{ env: { X_HOME: "é".repeat(4097) } }',
      /returned env X_HOME with a value of 8194 bytes, over the limit of 8192/,
    ],
    ["a value that is not a string", "{ env: { X_HOME: 1 } }", /X_HOME with a value that is not a string/],
    ["env that is not an object", '{ env: ["X_HOME"] }', /returned env that is not an object/],
    ["a warning that is not a string", "{ warning: 3 }", /warning that is not a string/],
  ];
  for (const [name, value, expected] of bad)
    it(`${name} fails the hook ("output")`, async () => {
      const root = project({ "bin/hook.mjs": `${reply}reply(${value});\n` });
      const outcome = failure(await hook(root, "bin/hook.mjs"));
      assert.equal(outcome.failure, "output");
      assert.match(outcome.problem, expected);
    });

  it("a value of exactly 8192 bytes is accepted", async () => {
    const root = project({ "bin/hook.mjs": `${reply}reply({ env: { X_HOME: "x".repeat(8192) } });\n` });
    assert.equal(success(await hook(root, "bin/hook.mjs")).env.X_HOME?.length, 8192);
  });

  it("env from a retire hook fails it; meta and warning from retire are returned", async () => {
    const root = project({
      "bin/env.mjs": `${reply}reply({ env: { X_HOME: "h" } });\n`,
      "bin/meta.mjs": `${reply}reply({ meta: "m", warning: "w" });\n`,
    });
    const withEnv = failure(await hook(root, "bin/env.mjs", { event: "retire" }));
    assert.equal(withEnv.failure, "output");
    assert.match(withEnv.problem, /retire hook "bin\/env\.mjs" returned env from retire/);
    assert.deepEqual(await hook(root, "bin/meta.mjs", { event: "retire" }), {
      ok: true,
      env: {},
      meta: "m",
      warning: "w",
      stderr: "",
    });
  });

  it("reads the JSON line after more than 64 KiB of output, and keeps only the last 64 KiB of stderr", async () => {
    const root = project({
      "bin/hook.mjs": `${reply}for (let i = 0; i < 2000; i += 1) { console.log("out ".repeat(20)); console.error("err ".repeat(20)); }\nconsole.error("last");\nreply({ env: { X_HOME: "h" } });\n`,
    });
    const outcome = success(await hook(root, "bin/hook.mjs"));
    assert.deepEqual(outcome.env, { X_HOME: "h" });
    assert.equal(Buffer.byteLength(outcome.stderr), 64 * 1024);
    assert.ok(outcome.stderr.endsWith("err \nlast\n"));
  });

  it("a JSON last line longer than the kept 64 KiB fails the hook instead of being dropped", async () => {
    const root = project({ "bin/hook.mjs": `${reply}reply({ meta: "m".repeat(70000) });\n` });
    const outcome = failure(await hook(root, "bin/hook.mjs"));
    assert.equal(outcome.failure, "output");
    assert.match(outcome.problem, /last line longer than the 64 KiB/);
  });
});

describe("runHook: how a hook fails", () => {
  it("a non-zero exit is 'exit', with the last 5 lines of stderr in the problem", async () => {
    const root = project({
      "bin/fail.mjs": 'for (let i = 1; i <= 7; i += 1) console.error("line " + i);\nprocess.exit(3);\n',
    });
    const outcome = await hook(root, "bin/fail.mjs 'a b'");
    assert.deepEqual(outcome, {
      ok: false,
      failure: "exit",
      problem: [
        "capability example.x: spawn hook \"bin/fail.mjs 'a b'\" exited with status 3",
        "  line 3",
        "  line 4",
        "  line 5",
        "  line 6",
        "  line 7",
      ].join("\n"),
      stderr: "line 1\nline 2\nline 3\nline 4\nline 5\nline 6\nline 7\n",
    });
  });

  it("a hook that kills itself with SIGKILL is 'signal'", async () => {
    const root = project({ "bin/die.mjs": 'process.kill(process.pid, "SIGKILL");\n' });
    const outcome = failure(await hook(root, "bin/die.mjs"));
    assert.equal(outcome.failure, "signal");
    assert.match(outcome.problem, /spawn hook "bin\/die\.mjs" was killed by SIGKILL$/);
  });

  const sleepers: [string, string][] = [
    ["a sleeping hook", ""],
    ["a hook and a grandchild that ignore SIGTERM", "trap '' TERM\n"],
  ];
  for (const [name, trap] of sleepers)
    it(`${name} times out, and it and its grandchild are gone afterwards`, async () => {
      const root = project(
        { "bin/sleep.sh": `#!/bin/sh\n${trap}sleep 60 &\necho "$$ $!" > pids\nwait\nwait\n` },
        ["bin/sleep.sh"],
      );
      const outcome = failure(await hook(root, "bin/sleep.sh", { timeoutMs: 300 }));
      assert.equal(outcome.failure, "timeout");
      assert.match(outcome.problem, /spawn hook "bin\/sleep\.sh" timed out after 0\.3 s$/);
      const pids = readFileSync(join(root, home, "pids"), "utf8")
        .trim()
        .split(" ")
        .map(Number);
      assert.equal(pids.length, 2);
      for (const pid of pids) assert.equal(await goneWithin(pid, 10_000), true, `process ${pid} still runs`);
    });

  // The hook sleeps forever: a stop not honoured would hang until the timeout; no time is asserted.
  it("shouldStop turning true kills the hook: 'aborted'", { timeout: 300_000 }, async () => {
    const root = project({ "bin/hook.mjs": sleepForever });
    const start = Date.now();
    const outcome = failure(await hook(root, "bin/hook.mjs", { shouldStop: () => Date.now() - start > 100 }));
    assert.equal(outcome.failure, "aborted");
    assert.match(outcome.problem, /was stopped: the install was interrupted$/);
  });

  it("a stop already requested starts nothing", async () => {
    const root = project({
      "bin/hook.mjs": 'import { writeFileSync } from "node:fs";\nwriteFileSync("ran", "");\n',
    });
    const outcome = failure(await hook(root, "bin/hook.mjs", { shouldStop: () => true }));
    assert.equal(outcome.failure, "aborted");
    assert.equal(existsSync(join(root, home, "ran")), false);
  });

  const missing: [string, string, RegExp][] = [
    [
      "a relative program",
      "bin/nope.mjs spawn",
      /spawn hook "bin\/nope\.mjs spawn" was not found: bin\/nope\.mjs$/,
    ],
    ["a program on PATH", "agentc-no-such-program-7f3a spawn", /was not found: agentc-no-such-program-7f3a$/],
    ["a folder", "bin/ spawn", /was not found: bin\/$/],
    ["a file without the exec bit", "bin/plain.sh", /is not executable: bin\/plain\.sh$/],
    [
      "a script whose interpreter is missing",
      "bin/orphan.sh",
      /#! line names was not found: bin\/orphan\.sh$/,
    ],
    ["an unreadable command", "bin/hook.mjs 'a", /the command has an unbalanced ' quote at column 14$/],
  ];
  for (const [name, command, expected] of missing)
    it(`${name} is 'missing'`, async () => {
      const files = {
        "bin/plain.sh": "#!/bin/sh\nexit 0\n",
        "bin/orphan.sh": "#!/agentc-no-such-shell\n",
        "bin/hook.mjs": "",
      };
      const root = project(files, ["bin/orphan.sh"]);
      const outcome = failure(await hook(root, command));
      assert.equal(outcome.failure, "missing");
      assert.match(outcome.problem, expected);
    });

  it("a missing home folder is 'missing' (not blamed on the program)", async () => {
    const outcome = failure(await hook(testdir(), "node -e 0"));
    assert.equal(outcome.failure, "missing");
    assert.match(outcome.problem, /cannot run: its home folder is missing/);
  });

  it("a program path that leaves the home is 'missing' and nothing runs", async () => {
    const marker =
      'import { writeFileSync } from "node:fs";\nwriteFileSync(process.env.AGENTC_PROJECT + "/ran", "");\n';
    const root = project({ "bin/keep.mjs": "" });
    writeFileSync(join(root, "outside.mjs"), marker);
    const outside = testdir({ "outside.mjs": marker });
    symlinkSync(join(outside, "outside.mjs"), join(root, home, "bin/link.mjs"));
    const escaping = [
      "../../../outside.mjs",
      "bin/../../../../outside.mjs",
      join(outside, "outside.mjs"),
      "bin/link.mjs",
    ];
    for (const command of escaping) {
      const outcome = failure(await hook(root, command));
      assert.equal(outcome.failure, "missing", command);
      assert.match(outcome.problem, /outside the capability home/, command);
    }
    assert.equal(existsSync(join(root, "ran")), false);
  });
});

describe("runHook: how a hook runs", () => {
  const names = [
    "AGENTC_EVENT",
    "OATS_EVENT",
    "AGENTC_CAPABILITY",
    "OATS_CAPABILITY",
    "AGENTC_LAYER",
    "OATS_LAYER",
    "AGENTC_HOME",
    "OATS_HOME",
    "AGENTC_PROJECT",
    "OATS_ROOT",
    "AGENTC_META",
    "OATS_META",
    "HOOK_RUNNER_PARENT",
  ];
  const seen = `${reply}const names = ${JSON.stringify(names)};\nreply({ meta: { cwd: process.cwd(), args: process.argv.slice(2), env: Object.fromEntries(names.map((name) => [name, process.env[name] ?? null])) } });\n`;

  async function seenBy(
    run: Partial<HookRun>,
  ): Promise<{ cwd: string; args: string[]; env: Record<string, unknown> }> {
    const root = realpathSync(project({ "bin/seen.mjs": seen }));
    process.env.HOOK_RUNNER_PARENT = "kept";
    process.env.AGENTC_META = "stale";
    try {
      const meta = success(await hook(root, "bin/seen.mjs \"two words\" ''", run)).meta;
      return meta as { cwd: string; args: string[]; env: Record<string, unknown> };
    } finally {
      delete process.env.HOOK_RUNNER_PARENT;
      delete process.env.AGENTC_META;
    }
  }

  it("spawn: cwd is the home, the arguments are the command's words, the environment has both names", async () => {
    const seen = await seenBy({});
    const abs = (root: unknown): string => String(root);
    assert.equal(seen.cwd, abs(seen.env.AGENTC_HOME));
    assert.ok(seen.cwd.endsWith(`/${home}`));
    assert.deepEqual(seen.args, ["two words", ""]);
    const root = seen.cwd.slice(0, -home.length - 1);
    assert.deepEqual(seen.env, {
      AGENTC_EVENT: "spawn",
      OATS_EVENT: "spawn",
      AGENTC_CAPABILITY: "example.x",
      OATS_CAPABILITY: "example.x",
      AGENTC_LAYER: "messaging",
      OATS_LAYER: "messaging",
      AGENTC_HOME: seen.cwd,
      OATS_HOME: seen.cwd,
      AGENTC_PROJECT: root,
      OATS_ROOT: root,
      AGENTC_META: null,
      OATS_META: null,
      HOOK_RUNNER_PARENT: "kept",
    });
  });

  it("retire gets the spawn's meta as JSON text", async () => {
    const seen = await seenBy({ event: "retire", meta: { token: "t", n: [1, 2] } });
    assert.equal(seen.env.AGENTC_EVENT, "retire");
    assert.equal(seen.env.OATS_EVENT, "retire");
    assert.equal(seen.env.AGENTC_META, '{"token":"t","n":[1,2]}');
    assert.equal(seen.env.OATS_META, '{"token":"t","n":[1,2]}');
  });

  it("an executable script with a shebang runs directly", async () => {
    const root = project(
      { "bin/hook.sh": '#!/bin/sh\necho "event $1" >&2\necho \'{"env":{"X_HOME":"from sh"}}\'\n' },
      ["bin/hook.sh"],
    );
    assert.deepEqual(await hook(root, "bin/hook.sh spawn"), {
      ok: true,
      env: { X_HOME: "from sh" },
      stderr: "event spawn\n",
    });
  });

  it("a program without '/' is found on PATH", async () => {
    const root = project({ "README.md": "" });
    const outcome = success(
      await hook(root, "node -e 'console.log(JSON.stringify({ meta: process.cwd() }))'"),
    );
    assert.equal(outcome.meta, realpathSync(join(root, home)));
  });

  // The child sleeps forever: a run that waited for the pipes to close would hang until the timeout.
  it("a background child that keeps the output pipes open does not hold the run", {
    timeout: 300_000,
  }, async () => {
    const root = project({
      "bin/hook.mjs": `${reply}import { spawn } from "node:child_process";\nimport { writeFileSync } from "node:fs";\nconst child = spawn(process.execPath, ["-e", ${JSON.stringify(sleepForever)}], { stdio: "inherit" });\nwriteFileSync("pid", String(child.pid));\nreply({ env: { X_HOME: "h" } });\nprocess.exit(0);\n`,
    });
    const outcome = await hook(root, "bin/hook.mjs");
    const pid = Number(readFileSync(join(root, home, "pid"), "utf8"));
    try {
      assert.deepEqual(outcome, { ok: true, env: { X_HOME: "h" }, stderr: "" });
      assert.equal(running(pid), true);
    } finally {
      process.kill(pid, "SIGKILL");
    }
  });
});
