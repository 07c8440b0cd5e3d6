import assert from "node:assert/strict";
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { pathToFileURL } from "node:url";
import fc from "fast-check";
import { decideInProcess, type GuardRun, guardPath, runGuardProcess } from "../support/guard-process.js";
import { testdir } from "../support/testdir.js";

/**
 * Whatever arrives on stdin, the real guard process decides — exit 0 or 2, never a crash, a signal or
 * another code — with another process loading the CPU; past its deadline it blocks, which is a decision too
 * (the deadline itself is tested in-process, by deciding with a deadline already passed). The CI slice
 * is a fixed seed and a few runs; `npm run fuzz:guard` sets AGENTC_GUARD_FUZZ_RUNS (and may set
 * AGENTC_GUARD_FUZZ_SEED) for a longer search.
 */
const runs = Number(process.env.AGENTC_GUARD_FUZZ_RUNS ?? 8);
const seed = Number(process.env.AGENTC_GUARD_FUZZ_SEED ?? 1515);
const MiB = 1024 * 1024;
const maxInput = 10 * MiB;

const project = testdir({ ".env": "A=1\n", "README.md": "r\n", "src/app.ts": "export {};\n" });

/** Pieces that stress the lexer, brace expansion, globs, here-documents, substitutions and names. */
const shellPiece = fc.oneof(
  fc.constantFrom(
    "cat ",
    ".env",
    ".e''nv",
    " ",
    "'",
    '"',
    "$(",
    ")",
    "`",
    "{a,b}",
    "{1..9}",
    "{e..e}",
    "{",
    "}",
    ",",
    "*",
    "?",
    "[a-z]",
    "\\",
    "\n",
    ";",
    "|",
    "&&",
    "<(",
    "<<EOF\n",
    "\nEOF\n",
    "<<<",
    "#",
    "~/",
    "/proc/self/task/1/environ",
    "sh ",
    "bash -c ",
    "eval ",
    "echo ",
    "printf ",
    "x=$x$x;",
    ["$", "{X:-.env}"].join(""),
    "$'\\x2e'",
    "../",
    "/nx/d/d/d/d/d/d/",
  ),
  fc.string({ maxLength: 12 }),
);
const shellText = fc.array(shellPiece, { maxLength: 60 }).map((pieces) => pieces.join(""));
const pathText = fc
  .array(fc.oneof(fc.constantFrom(".env", ".ssh", "id_rsa", "..", "*", "a b", "~", "{x,y}"), fc.string()), {
    maxLength: 12,
  })
  .map((parts) => parts.join("/"));

/** A small unit repeated up to the size limit: how 10 MB inputs are made without generating 10 MB. */
function amplified(unit: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc
    .tuple(
      unit,
      fc.oneof(fc.constant(1), fc.integer({ min: 1, max: 64 }), fc.integer({ min: 1, max: 200_000 })),
    )
    .map(([text, times]) =>
      text.repeat(Math.max(1, Math.min(times, Math.floor(maxInput / Math.max(text.length, 1))))),
    );
}

const payload = fc.oneof(
  amplified(shellText).map((command) => ({ tool_name: "Bash", tool_input: { command } })),
  amplified(pathText).map((file_path) => ({ tool_name: "Read", tool_input: { file_path } })),
  amplified(pathText).map((glob) => ({ tool_name: "Grep", tool_input: { pattern: "x", glob } })),
  fc.jsonValue({ maxDepth: 8 }).map((args) => ({ tool_name: "mcp__x__y", tool_input: { args } })),
  amplified(shellText).map((command) => ({ toolName: "bash", toolArgs: JSON.stringify({ command }) })),
  amplified(fc.string()).map((content) => ({
    tool_name: "Write",
    tool_input: { file_path: "a.txt", content },
  })),
);

/** stdin as a client may send it, and as it should never arrive: JSON, deep JSON, raw bytes. */
const stdin = fc.oneof(
  {
    weight: 6,
    arbitrary: payload.map((p) => JSON.stringify({ cwd: project, hook_event_name: "PreToolUse", ...p })),
  },
  {
    weight: 1,
    arbitrary: fc.integer({ min: 1, max: 2_000_000 }).map((n) => `${"[".repeat(n)}${"]".repeat(n)}`),
  },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 4096 }).map((bytes) => Buffer.from(bytes)) },
);

const bash = (command: string) =>
  JSON.stringify({ cwd: project, tool_name: "Bash", tool_input: { command } });
const braceWord = "/nx/d/d/d/d/d/d/{0,1,2,3,4,5,6,7}{0,1,2,3,4,5,6,7} ";

/** Fixed extremes, tried before the random inputs: [name, stdin, the exit it must have]. */
const extremes: [string, string, 0 | 2 | undefined][] = [
  ["4 MiB of brace words, then cat .env", bash(`${braceWord.repeat(78_000)}; cat .env`), 2],
  [
    "a 4 MiB MCP path with spaces",
    JSON.stringify({
      cwd: project,
      tool_name: "mcp__x__y",
      tool_input: { target: `/a b/${"c ".repeat(2 * MiB - 100)}` },
    }),
    undefined,
  ],
  ["10 MB that is not JSON", "x".repeat(maxInput), 2],
];
/** Heavier extremes for the long run only. */
const longExtremes: [string, string, 0 | 2 | undefined][] = [
  ["200,000 substitutions in a here-document", bash(`cat <<EOF\n${"line $(x) `y`\n".repeat(200_000)}EOF`), 2],
  ["a variable doubled 60 times", bash(`a=xxxxxxxx; ${"a=$a$a; ".repeat(60)}cat $a`), 2],
  [
    "300,000 different names in one word",
    bash(`git commit -m '${Array.from({ length: 300_000 }, (_, i) => `p/${i}`).join(" ")}'`),
    2,
  ],
  ["3,000,000 open braces", bash(`cat ${"{".repeat(3_000_000)}`), 2],
];

function assertDecided(run: GuardRun, size: number): void {
  const what = `input of ${size} bytes: exit ${run.status}, signal ${run.signal}, ${Math.round(run.ms)} ms, stderr ${run.stderr.slice(0, 300)}`;
  assert.ok(run.status === 0 || run.status === 2, `a decision (0 or 2), never a crash: ${what}`);
  if (run.status === 2) assert.match(run.stderr, /^agentc-guard blocked this call: [^\n]+\n$/, what);
}

interface GuardModule {
  decide(payload: unknown, deadline?: number): { allow: boolean; reason?: string };
}

describe("the guard's deadline is checked by the scan itself", () => {
  it("with the deadline already passed, each JSON extreme stops at the next check and blocks naming the deadline", async () => {
    const guard = (await import(pathToFileURL(guardPath).href)) as GuardModule;
    const json = extremes.filter(([, input]) => input.startsWith("{"));
    assert.ok(json.length >= 2);
    for (const [name, input] of json)
      assert.throws(
        () => guard.decide(JSON.parse(input), performance.now() - 1),
        /^Error: no decision within \d+ ms$/,
        name,
      );
  });
});

describe("the guard decides on any input, under load", () => {
  let burner: ChildProcess | undefined;
  before(() => {
    burner = spawn(process.execPath, ["-e", "for (;;) {}"], { stdio: "ignore" });
  });
  after(() => {
    burner?.kill("SIGKILL");
  });

  const chosen = process.env.AGENTC_GUARD_FUZZ_RUNS ? [...extremes, ...longExtremes] : extremes;
  it(`decides on ${chosen.length} fixed extremes (4 MiB of brace words, a spaced 4 MiB path, 10 MB of garbage, …)`, async () => {
    for (const [name, input, exit] of chosen) {
      assert.ok(input.length < maxInput + 1 && (exit !== 2 || input.length > 64), name);
      const run = await runGuardProcess(input, { HOME: join(project, "home") });
      assertDecided(run, input.length);
      if (exit !== undefined) assert.equal(run.status, exit, `${name}: ${run.stderr}`);
    }
  });

  it(`decides on ${runs} random shell, path, JSON and byte inputs up to 10 MB (seed ${seed})`, async () => {
    await fc.assert(
      fc.asyncProperty(stdin, async (input) => {
        assertDecided(await runGuardProcess(input, { HOME: join(project, "home") }), input.length);
      }),
      { numRuns: runs, seed, endOnFailure: true },
    );
  });
});

/**
 * Issue 27's classes, composed: ways to spell `.env` that bash turns back into it, and ways to
 * wrap a command that reads it (variables, printf -v, read, functions, eval, sh -c, a fed script,
 * xargs, here-documents). Real bash runs each candidate in a scratch project; every one that does
 * print the secret must be refused by the guard (blocked, or asked about, which blocks without --ask),
 * decided in this process by its module: the process itself decides the random inputs above.
 */
const spelledName = fc.constantFrom(
  ".env",
  ".e''nv",
  '.e""nv',
  ".e\\nv",
  "$'\\x2eenv'",
  "$'\\u002eenv'",
  "$'\\056env'",
  ".{e..e}nv",
  ".{env,nope}",
  ".e[[:alpha:]]v",
  ".en?",
  ".[e]nv",
  "\"$(printf .e%snv '')\"",
  "`printf .env`",
  "\"$(echo -e '\\x2eenv')\"",
  ['"$', '{X:-.env}"'].join(""),
);

const shellQuoted = (text: string) => `'${text.replaceAll("'", "'\\''")}'`;

/** Wrappers of a command that reads NAME: each gives the command text with NAME in place. */
const readers: ((name: string) => string)[] = [
  (name) => `cat ${name}`,
  (name) => `v=${name}; cat "$v"`,
  (name) => `printf -v v %s ${name}; cat "$v"`,
  (name) => `read -r v <<< ${name}; cat "$v"`,
  (name) => `f(){ cat "$1"; }; f ${name}`,
  (name) => `printf '%s\\n' ${name} | xargs cat`,
  (name) => `a=(${name}); cat "\${a[0]}"`,
  (name) => `mapfile -t a <<< ${name}; cat "\${a[0]}"`,
];
const runners: ((command: string) => string)[] = [
  (command) => command,
  (command) => `sh -c ${shellQuoted(command)}`,
  (command) => `eval ${shellQuoted(command)}`,
  (command) => `printf '%s' ${shellQuoted(command)} | bash`,
  (command) => `bash <<'EOF'\n${command}\nEOF`,
  (command) => `printf '%s\\n' ${shellQuoted(command)} > run.sh; bash run.sh`,
  (command) => `F=${shellQuoted(command)}; bash -c "$F"`,
];
const spelledRead = fc
  .tuple(spelledName, fc.nat(readers.length - 1), fc.nat(runners.length - 1), fc.nat(runners.length - 1))
  .map(
    ([name, reader, outer, inner]) =>
      runners[outer]?.(runners[inner]?.(readers[reader]?.(name) ?? "") ?? "") ?? "",
  );

const spellRuns = Number(process.env.AGENTC_GUARD_FUZZ_RUNS ?? 16);

describe("every spelling of reading .env that bash runs is refused (issue 27's classes)", () => {
  it(`refuses ${spellRuns} composed spellings that real bash proves read the secret (seed ${seed})`, async () => {
    let proven = 0;
    await fc.assert(
      fc.asyncProperty(spelledRead, async (command) => {
        const scratch = testdir({ ".env": "SECRET=canary-4e1d\n", "README.md": "r\n" }, "agentc-spell-");
        const shell = spawnSync("bash", ["-c", command], {
          cwd: scratch,
          encoding: "utf8",
          timeout: 5000,
          env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: scratch },
        });
        fc.pre(shell.stdout.includes("canary-4e1d"));
        proven += 1;
        const payload = JSON.stringify({
          cwd: scratch,
          hook_event_name: "PreToolUse",
          tool_name: "Bash",
          tool_input: { command },
        });
        const verdict = await decideInProcess(payload, { HOME: scratch });
        assert.notEqual(verdict.decision, "allow", `${command}\n→ allowed`);
      }),
      { numRuns: spellRuns, seed, endOnFailure: true },
    );
    assert.ok(proven > 0, "bash proved at least one spelling reads the secret");
  });
});
