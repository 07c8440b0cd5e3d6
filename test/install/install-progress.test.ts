import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { makeBundle } from "../support/install-fixture.js";
import { binPath, runAgentc } from "../support/run-cli.js";
import { testdir } from "../support/testdir.js";

const fileCount = 3000;
const files: Record<string, string> = {};
for (let i = 0; i < fileCount; i++) files[`docs/d${i % 30}/f${i}.md`] = `file ${i}\n`;
const bundle = makeBundle({ components: { core: { required: true, files } } });

const quote = (s: string): string => `'${s.replaceAll("'", "'\\''")}'`;

/**
 * Runs a shell command line under a pseudo-terminal and returns what the terminal showed: util-linux `script`
 * where it is installed (Debian has it), else Python's pty module.
 */
function onTerminal(commandLine: string): { status: number | null; screen: string } {
  const env = { ...process.env, NO_COLOR: "1", TERM: "xterm" };
  const hasScript = spawnSync("script", ["--version"], { encoding: "utf8" }).status === 0;
  const r = hasScript
    ? spawnSync("script", ["-qec", commandLine, "/dev/null"], { encoding: "utf8", env })
    : spawnSync(
        "python3",
        ["-c", "import pty,sys; sys.exit(pty.spawn(['sh','-c',sys.argv[1]]) >> 8)", commandLine],
        { encoding: "utf8", env },
      );
  assert.equal(r.error, undefined, "a pseudo-terminal needs `script` (util-linux) or python3");
  return { status: r.status, screen: r.stdout };
}

const agentc = (...args: string[]): string => [process.execPath, binPath, ...args].map(quote).join(" ");

describe("progress on a terminal", () => {
  it(`an install of ${fileCount} files shows a progress counter on the terminal`, () => {
    const project = testdir();
    const r = onTerminal(agentc("install", bundle, "--project", project, "--yes"));
    assert.equal(r.status, 0, r.screen);
    const counts = [...r.screen.matchAll(/installing (\d+)\/(\d+)/g)].map((m) => [
      Number(m[1]),
      Number(m[2]),
    ]);
    assert.ok(counts.length >= 5, `progress lines on the terminal:\n${r.screen.slice(0, 2000)}`);
    const last = counts.at(-1) as number[];
    assert.equal(last[0], last[1], "the counter ends at the total");
    assert.ok((last[1] as number) >= fileCount);
    assert.match(r.screen, /install: \d+ changes applied/);
  });

  it("piped, nothing but the report: --format json stays machine-readable", async () => {
    const project = testdir();
    const r = await runAgentc(["install", bundle, "--project", project, "--yes", "--format", "json"]);
    assert.equal(r.status, 0, r.stderr);
    assert.equal(JSON.parse(r.stdout).status, "ok");
    assert.doesNotMatch(r.stdout + r.stderr, /installing \d+\//);
  });

  it("stdout redirected to a file from a terminal: the file holds only the JSON report", () => {
    const project = testdir();
    const out = join(testdir(), "report.json");
    const r = onTerminal(
      `${agentc("install", bundle, "--project", project, "--yes", "--format", "json")} > ${quote(out)}`,
    );
    assert.equal(r.status, 0, r.screen);
    const text = readFileSync(out, "utf8");
    assert.doesNotMatch(text, /installing|\r/);
    assert.equal(JSON.parse(text).status, "ok");
  });
});
