import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { existsSync, realpathSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { before, describe, it } from "node:test";
import { capability, okSpawn } from "../../support/capability-bundle.js";
import { type ComponentSpec, makeBundle } from "../../support/install-fixture.js";
import { binPath, runAgentc, runAgentcWithEnv, runCliProcess } from "../../support/run-cli.js";
import { testdir } from "../../support/testdir.js";

/**
 * `agentc run`: the commands of installed capability packages, run through the real CLI on real projects.
 * The package program bin/show.mjs prints what it was given (argv, working folder, environment) as JSON.
 */
const showProgram = `
import { writeFileSync } from "node:fs";
const [what, ...rest] = process.argv.slice(2);
const names = ["AGENTC_EVENT", "OATS_EVENT", "AGENTC_CAPABILITY", "OATS_CAPABILITY", "AGENTC_LAYER", "OATS_LAYER",
  "AGENTC_HOME", "OATS_HOME", "AGENTC_PROJECT", "OATS_ROOT", "AGENTC_META", "OATS_META", "CHAT_HOME", "RUN_PARENT"];
if (what === "exit") process.exit(Number(rest[0]));
else if (what === "die") process.kill(process.pid, "SIGKILL");
else if (what === "wait") {
  process.on("SIGINT", () => { console.log("got SIGINT"); process.exit(5); });
  setTimeout(() => process.exit(99), 20000); // never left behind, even when the signal is lost
  console.log("ready");
} else {
  if (process.env.RUN_MARK) writeFileSync(process.env.RUN_MARK, what);
  const env = Object.fromEntries(names.map((n) => [n, process.env[n] ?? null]));
  console.log(JSON.stringify({ argv: process.argv.slice(2), cwd: process.cwd(), env }));
}
`;

const chatCommands = {
  show: "bin/show.mjs one",
  exit: "bin/show.mjs exit",
  die: "bin/show.mjs die",
  wait: "bin/show.mjs wait",
  node: 'node -e "console.log(JSON.stringify([process.argv.slice(1), process.env.AGENTC_CAPABILITY]))"',
  gone: "bin/gone.mjs",
  nowhere: "agentc-no-such-program-anywhere x",
};

/** A capability package component whose capability.json declares `commands`. */
function withCommands(
  name: string,
  component: ComponentSpec,
  commands: Record<string, string>,
): ComponentSpec {
  const home = `.agents/capabilities/${name}`;
  const manifest = { capability: `acme.${name}`, version: "1.0.0", commands };
  return {
    ...component,
    files: {
      ...component.files,
      [`${home}/capability.json`]: `${JSON.stringify(manifest, null, 2)}\n`,
      [`${home}/bin/show.mjs`]: showProgram,
    },
  };
}

const chat = withCommands("chat", capability("chat", { spawn: okSpawn("chat") }), chatCommands);
const notes = withCommands("notes", capability("notes", { retire: false }), { hello: "bin/show.mjs hello" });

/** node on PATH first, for the command whose program is looked up on PATH */
const pathWithNode = `${dirname(process.execPath)}:${process.env.PATH ?? ""}`;

/** A project with `components` installed, in this process (HOOK_LOG reaches the spawn hooks it runs). */
async function installed(components: Record<string, ComponentSpec>, ...flags: string[]): Promise<string> {
  const project = realpathSync(testdir({ "README.md": "mine\n" }));
  const bundle = makeBundle({ components: { base: { files: { "AGENTS.md": "# rules\n" } }, ...components } });
  const hookLog = join(testdir(), "hooks.log");
  writeFileSync(hookLog, "");
  const result = await runAgentcWithEnv(["install", bundle, "--project", project, "--yes", ...flags], {
    HOOK_LOG: hookLog,
  });
  assert.equal(result.status, 0, result.stderr);
  return project;
}

/** chat and notes installed, their hooks allowed: one project for the tests that only run or list them. */
let chatAndNotes: Promise<string> | undefined;
const withChatAndNotes = () => {
  chatAndNotes ??= installed({ "capability-chat": chat, "capability-notes": notes }, "--allow-hooks");
  return chatAndNotes;
};

/**
 * `agentc run ...` as a process from `cwd` (the caller's folder), for the project: for a command that runs,
 * whose output agentc run hands on as its own (the command inherits the process's output).
 */
function run(project: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}) {
  return runCliProcess(["run", "--project", project, ...args], {
    cwd: options.cwd ?? testdir(),
    env: { PATH: pathWithNode, ...options.env },
  });
}

/** `agentc run ...` in this process: for the listings and the refusals, where no command runs. */
function runHere(project: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  return runAgentcWithEnv(["run", "--project", project, ...args], env);
}

const shown = (stdout: string) =>
  JSON.parse(stdout) as { argv: string[]; cwd: string; env: Record<string, string | null> };

describe("agentc run: a command of an installed capability", () => {
  let project = "";
  before(async () => {
    project = await withChatAndNotes();
  });

  it("runs the command line with the args appended, from the caller's folder", () => {
    const caller = realpathSync(testdir());
    const result = run(project, ["chat", "show", "a", "b c", "--", "--flag", "-x"], { cwd: caller });
    assert.equal(result.status, 0, result.stderr);
    assert.equal(result.stderr, "");
    const out = shown(result.stdout);
    assert.deepEqual(out.argv, ["one", "a", "b c", "--flag", "-x"]);
    assert.equal(out.cwd, caller);
  });

  it("gives it the parent environment, the hook names under both spellings and the spawn environment", () => {
    const result = run(project, ["chat", "show"], { env: { RUN_PARENT: "kept", AGENTC_META: "stale" } });
    assert.equal(result.status, 0, result.stderr);
    const home = join(project, ".agents/capabilities/chat");
    assert.deepEqual(shown(result.stdout).env, {
      AGENTC_EVENT: "command",
      OATS_EVENT: "command",
      AGENTC_CAPABILITY: "acme.chat",
      OATS_CAPABILITY: "acme.chat",
      AGENTC_LAYER: "",
      OATS_LAYER: "",
      AGENTC_HOME: home,
      OATS_HOME: home,
      AGENTC_PROJECT: project,
      OATS_ROOT: project,
      AGENTC_META: null,
      OATS_META: null,
      CHAT_HOME: "/srv/chat",
      RUN_PARENT: "kept",
    });
  });

  it("finds the capability by its capability id too", () => {
    const result = run(project, ["acme.chat", "show", "z"]);
    assert.equal(result.status, 0, result.stderr);
    assert.deepEqual(shown(result.stdout).argv, ["one", "z"]);
  });

  it("exits with the command's exit status", () => {
    assert.equal(run(project, ["chat", "exit", "7"]).status, 7);
    assert.equal(run(project, ["chat", "exit", "0"]).status, 0);
  });

  it("a command killed by a signal gives 128 + its number", () => {
    const result = run(project, ["chat", "die"]);
    assert.equal(result.status, 128 + 9);
  });

  it("runs a program looked up on PATH (a first word without '/')", () => {
    const result = run(project, ["chat", "node", "a", "b"]);
    assert.equal(result.status, 0, result.stderr);
    assert.deepEqual(JSON.parse(result.stdout), [["a", "b"], "acme.chat"]);
  });
});

/** Starts `agentc run chat wait`, resolving once the command said it is ready. */
async function startWaiting(project: string) {
  const child = spawn(process.execPath, [binPath, "run", "chat", "wait", "--project", project], {
    env: { ...process.env, NO_COLOR: "1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  child.stdout.on("data", (d: Buffer) => {
    stdout += d.toString();
  });
  child.stderr.resume();
  const done = new Promise<{ code: number | null; stdout: () => string }>((resolve) =>
    child.on("exit", (code) => resolve({ code, stdout: () => stdout })),
  );
  while (!stdout.includes("ready")) await new Promise((r) => setTimeout(r, 20));
  return { child, done };
}

describe("agentc run passes SIGINT and SIGTERM on to the command", () => {
  let project = "";
  before(async () => {
    project = await installed({ "capability-chat": chat }, "--allow-hooks");
  });

  it("SIGINT: the command handles it and its exit status is agentc's", async () => {
    const { child, done } = await startWaiting(project);
    process.kill(child.pid as number, "SIGINT");
    const { code, stdout } = await done;
    assert.equal(code, 5);
    assert.match(stdout(), /got SIGINT/);
  });

  it("SIGTERM: the command dies of it and agentc exits 128 + 15", async () => {
    const { child, done } = await startWaiting(project);
    process.kill(child.pid as number, "SIGTERM");
    assert.equal((await done).code, 128 + 15);
  });
});

describe("agentc run refuses, runs nothing and says why", () => {
  let project = "";
  before(async () => {
    project = await withChatAndNotes();
  });

  it("a capability that is not installed: lists the installed ones", async () => {
    const result = await runHere(project, ["mail", "send"]);
    assert.equal(result.status, 1);
    assert.equal(result.stdout, "");
    assert.match(
      result.stderr,
      /no capability "mail" is installed in .*; installed: chat \(acme\.chat\), notes \(acme\.notes\)\n {2}hint: /,
    );
  });

  it("an unknown command: lists the package's commands", async () => {
    const result = await runHere(project, ["notes", "send"]);
    assert.equal(result.status, 1);
    assert.match(result.stderr, /capability acme\.notes has no command "send"; its commands: hello\n/);
  });

  it("a program missing from the package", async () => {
    const result = await runHere(project, ["chat", "gone"]);
    assert.equal(result.status, 1);
    assert.match(
      result.stderr,
      /capability acme\.chat: command gone \(bin\/gone\.mjs\) was not found: bin\/gone\.mjs/,
    );
  });

  it("a program missing from PATH", async () => {
    const result = await runHere(project, ["chat", "nowhere"]);
    assert.equal(result.status, 1);
    assert.match(
      result.stderr,
      /command nowhere \(agentc-no-such-program-anywhere x\) was not found: agentc-no-such-program-anywhere/,
    );
  });

  it("nothing installed", async () => {
    const empty = testdir();
    const result = await runHere(empty, ["chat", "show"]);
    assert.equal(result.status, 1);
    assert.match(result.stderr, /nothing is installed in .* \(no \.agentc\/installed\.json\)/);
  });

  it("a project without capability packages", async () => {
    const plain = await installed({});
    const result = await runHere(plain, ["chat", "show"]);
    assert.equal(result.status, 1);
    assert.match(result.stderr, /no capability package is installed in /);
  });

  it("a project folder that does not exist is a usage error", async () => {
    const result = await runHere(join(testdir(), "nope"), ["chat", "show"]);
    assert.equal(result.status, 2);
    assert.match(
      result.stderr,
      /the project folder \S+nope does not exist\n {2}hint: name the folder agentc installed into/,
    );
  });
});

describe("agentc run refuses a package whose installed files changed", () => {
  for (const [what, path, text] of [
    [
      "its program",
      "bin/show.mjs",
      'import { writeFileSync } from "node:fs"; writeFileSync(process.env.RUN_MARK, "edited");\n',
    ],
    [
      "its manifest",
      "capability.json",
      '{"capability": "acme.chat", "commands": {"show": "bin/show.mjs evil"}}\n',
    ],
  ] as const) {
    it(`${what} edited: nothing runs`, async () => {
      const project = await installed({ "capability-chat": chat }, "--allow-hooks");
      writeFileSync(join(project, ".agents/capabilities/chat", path), text);
      const mark = join(testdir(), "ran");
      const result = await runHere(project, ["chat", "show"], { RUN_MARK: mark });
      assert.equal(result.status, 1);
      assert.match(
        result.stderr,
        new RegExp(
          `capability acme\\.chat: \\.agents/capabilities/chat/${path.replace(".", "\\.")} changed since it was installed`,
        ),
      );
      assert.equal(existsSync(mark), false);
      assert.match(
        (await runHere(project, [])).stdout,
        /chat: acme\.chat 1\.0\.0 \(does not run: .* changed since it was installed\)/,
      );
    });
  }

  it("runs again once its files are as installed", async () => {
    const project = await installed({ "capability-chat": chat }, "--allow-hooks");
    const program = join(project, ".agents/capabilities/chat/bin/show.mjs");
    writeFileSync(program, "process.exit(9);\n");
    assert.equal((await runHere(project, ["chat", "show"])).status, 1);
    writeFileSync(program, showProgram);
    assert.equal(run(project, ["chat", "show"]).status, 0);
  });
});

describe("agentc run without a command lists the installed capabilities and their commands", () => {
  let project = "";
  before(async () => {
    project = await withChatAndNotes();
  });

  it("pretty: one heading per capability, its commands with their command lines", async () => {
    const result = await runHere(project, []);
    assert.equal(result.status, 0, result.stderr);
    assert.equal(
      result.stdout,
      [
        "chat: acme.chat 1.0.0",
        "  die      bin/show.mjs die",
        "  exit     bin/show.mjs exit",
        "  gone     bin/gone.mjs",
        `  node     ${chatCommands.node}`,
        "  nowhere  agentc-no-such-program-anywhere x",
        "  show     bin/show.mjs one",
        "  wait     bin/show.mjs wait",
        "notes: acme.notes 1.0.0",
        "  hello  bin/show.mjs hello",
        "",
      ].join("\n"),
    );
  });

  it("one capability by name", async () => {
    const result = await runHere(project, ["notes"]);
    assert.equal(result.status, 0, result.stderr);
    assert.equal(result.stdout, "notes: acme.notes 1.0.0\n  hello  bin/show.mjs hello\n");
    assert.equal((await runHere(project, ["mail"])).status, 1);
  });

  it("json, the same bytes on every run", async () => {
    const result = await runHere(project, ["--format", "json"]);
    assert.equal(result.status, 0, result.stderr);
    assert.equal((await runHere(project, ["--format", "json"])).stdout, result.stdout);
    const listed = JSON.parse(result.stdout);
    assert.equal(listed.ok, true);
    assert.equal(listed.installed, true);
    assert.deepEqual(listed.capabilities[1], {
      capability: "acme.notes",
      slug: "notes",
      version: "1.0.0",
      home: ".agents/capabilities/notes",
      layer: "",
      spawn: "none",
      commands: { hello: "bin/show.mjs hello" },
    });
    assert.deepEqual(Object.keys(listed.capabilities[0].commands), Object.keys(chatCommands).sort());
  });

  it("nothing installed: says so, and json lists none", async () => {
    const empty = testdir();
    const pretty = await runHere(empty, []);
    assert.equal(pretty.status, 0);
    assert.equal(pretty.stdout, "nothing is installed here (no .agentc/installed.json)\n");
    assert.deepEqual(JSON.parse((await runHere(empty, ["--format", "json"])).stdout), {
      ok: true,
      installed: false,
      capabilities: [],
    });
  });

  it("--format json with a command to run is a usage error", async () => {
    const result = await runHere(project, ["chat", "show", "--format", "json"]);
    assert.equal(result.status, 2);
    assert.match(result.stderr, /--format json is for the listing/);
  });
});

describe("agentc run when the spawn hook did not run", () => {
  it("runs the command without a launch environment, with a warning", async () => {
    const optional = withCommands("chat", capability("chat", { spawn: okSpawn("chat"), required: false }), {
      show: "bin/show.mjs one",
    });
    const project = await installed({ "capability-chat": optional });
    const result = run(project, ["chat", "show"]);
    assert.equal(result.status, 0, result.stderr);
    assert.equal(shown(result.stdout).env.CHAT_HOME, null);
    assert.match(
      result.stderr,
      /warning: capability acme\.chat: its launch environment is not set: its spawn hook did not run/,
    );
    assert.equal(run(project, ["chat", "show", "--quiet"]).stderr, "");
  });
});

describe("agentc run --help", () => {
  it("prints the usage", async () => {
    const result = await runAgentc(["run", "--help"]);
    assert.equal(result.status, 0);
    assert.match(result.stdout, /agentc run \[capability\] \[command\] \[args\.\.\.\] \[--project DIR\]/);
    assert.match(
      (await runAgentc(["--help"])).stdout,
      /\n {2}run +run a command of an installed capability package/,
    );
  });
});
