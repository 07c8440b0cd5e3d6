import assert from "node:assert/strict";
import { type SpawnSyncReturns, spawn, spawnSync } from "node:child_process";
import { existsSync, openSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { pathToFileURL } from "node:url";
import { packageRoot } from "../../src/shared/package-paths.js";
import { testdir } from "../support/testdir.js";

const writerModule = pathToFileURL(join(packageRoot, "dist", "src", "cli", "stream-writer.js")).href;
const terminalModule = pathToFileURL(join(packageRoot, "dist", "src", "cli", "terminal.js")).href;
const lines = 20000;

/** A child that writes numbered lines with the CLI's line writer and ends with exit code 3. */
const writerProgram = `
import { lineWriter } from ${JSON.stringify(writerModule)};
const out = lineWriter(1, () => process.stdout);
for (let i = 0; i < ${lines}; i++) out("line " + i + " " + "x".repeat(50));
process.exitCode = 3;
`;

function inOrder(text: string): boolean {
  const got = text.split("\n");
  return got.length === lines + 1 && got.slice(0, lines).every((l, i) => l.startsWith(`line ${i} `));
}

/** Runs command, reads its stdout only after a pause (so the pipe fills), and resolves with exit code and text. */
function readSlowly(
  command: string,
  args: string[],
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8");
    child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    setTimeout(() => child.stdout.on("data", (d: string) => (stdout += d)), 300);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

describe("the CLI's line writer (src/cli/stream-writer.ts)", () => {
  it("writes every line, in order, into a pipe that is read late", async () => {
    const result = await readSlowly(process.execPath, ["--input-type=module", "-e", writerProgram]);
    assert.equal(result.stderr, "");
    assert.equal(result.code, 3);
    assert.ok(inOrder(result.stdout));
  });

  const python = ["/usr/bin/python3", "/usr/local/bin/python3"].find((p) => existsSync(p));
  it("writes every line, in order, into a pipe another program made non-blocking (EAGAIN)", {
    skip: python ? false : "no python3 to set O_NONBLOCK on the pipe",
  }, async () => {
    const setNonBlocking =
      "import fcntl, os, sys; fcntl.fcntl(1, fcntl.F_SETFL, fcntl.fcntl(1, fcntl.F_GETFL) | os.O_NONBLOCK); os.execv(sys.argv[1], sys.argv[1:])";
    const result = await readSlowly(python ?? "python3", [
      "-c",
      setNonBlocking,
      process.execPath,
      "--input-type=module",
      "-e",
      writerProgram,
    ]);
    assert.equal(result.stderr, "");
    assert.equal(result.code, 3);
    assert.ok(inOrder(result.stdout));
  });

  it("keeps its exit code and prints no error when the reader goes away (EPIPE)", async () => {
    const child = spawn(process.execPath, ["--input-type=module", "-e", writerProgram], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    child.stdout.once("data", () => child.stdout.destroy());
    const code = await new Promise((resolve) => child.on("close", resolve));
    assert.equal(code, 3);
    assert.equal(stderr, "");
  });

  it("writes to a file", () => {
    const file = join(testdir(), "out.txt");
    const result = spawnSync(process.execPath, ["--input-type=module", "-e", writerProgram], {
      stdio: ["ignore", openSync(file, "w"), "pipe"],
    });
    assert.equal(result.status, 3);
    assert.ok(inOrder(readFileSync(file, "utf8")));
  });
});

describe("telling a terminal apart without node:tty (src/cli/terminal.ts)", () => {
  const probe = `
import { isTerminal } from ${JSON.stringify(terminalModule)};
import { isatty } from "node:tty";
process.stderr.write(JSON.stringify([isTerminal(1), isatty(1)]));
`;
  const probeFile = join(testdir({ "probe.mjs": probe }), "probe.mjs");
  const answers = (result: SpawnSyncReturns<string>): unknown => JSON.parse(result.stderr);
  const run = (stdout: "pipe" | "ignore" | number) =>
    spawnSync(process.execPath, [probeFile], {
      stdio: ["ignore", stdout, "pipe"],
      encoding: "utf8",
    });

  it("says no, as tty.isatty does, for a pipe, /dev/null and a file", () => {
    assert.deepEqual(answers(run("pipe")), [false, false]);
    assert.deepEqual(answers(run("ignore")), [false, false]);
    assert.deepEqual(answers(run(openSync(join(testdir(), "out.txt"), "w"))), [false, false]);
  });

  it("says yes, as tty.isatty does, for a terminal", {
    skip: existsSync("/usr/bin/script") ? false : "no script(1) to make a terminal",
  }, () => {
    const command = `'${process.execPath}' '${probeFile}' 2>&1`;
    const result = spawnSync("/usr/bin/script", ["-qec", command, "/dev/null"], { encoding: "utf8" });
    assert.match(result.stdout, /\[true,true\]/);
  });
});
