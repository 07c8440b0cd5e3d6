import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, it } from "node:test";
import { commandIndex } from "../../src/cli/command-index.js";
import { markdownForTerminal } from "../../src/cli/report/markdown-terminal.js";
import { wrapLine } from "../../src/cli/wrap.js";
import { packageRoot } from "../../src/shared/package-paths.js";
import { binPath } from "../support/run-cli.js";
import { runMain } from "../support/run-main.js";
import { testdir } from "../support/testdir.js";

const team = join(packageRoot, "examples", "team");
const example = join(packageRoot, "examples", "registry");

/** The lines wider than `width`, but for one that is a single word (a URL) and so cannot be broken. */
function tooWide(text: string, width: number): string[] {
  return text.split("\n").filter((line) => [...line].length > width && /\S\s+\S/.test(line.trim()));
}

/** The words of a text in order: wrapping may only move them to other lines. */
const words = (text: string): string[] => text.split(/\s+/).filter(Boolean);

describe("wrapLine: one line broken at spaces, continuations under a hanging indent", () => {
  it("keeps a short line and the spaces inside it", () => {
    assert.deepEqual(wrapLine("  a    b", 20, 4), ["  a    b"]);
  });

  it("breaks at the last space that fits; a word longer than the line stays whole", () => {
    assert.deepEqual(wrapLine("aaa bbb ccc ddd", 8, 2), ["aaa bbb", "  ccc", "  ddd"]);
    assert.deepEqual(wrapLine("x https://example.com/a/very/long/path y", 10, 2), [
      "x",
      "  https://example.com/a/very/long/path",
      "  y",
    ]);
  });

  it("does not count colour escapes as columns", () => {
    const red = "\u001b[31merror\u001b[0m";
    assert.deepEqual(wrapLine(`${red} abc`, 9, 2), [`${red} abc`]);
  });
});

describe("Markdown on a terminal", () => {
  const markdown =
    "## T\n\n| a | bb |\n|---|---|\n| x \\| y | – |\n| long text here | z |\n\n- an item that wraps under itself";

  it("a table that fits becomes aligned columns, an escaped pipe read as a pipe", () => {
    assert.equal(
      markdownForTerminal(markdown, 40),
      "## T\n\na               bb\nx | y           –\nlong text here  z\n\n- an item that wraps under itself",
    );
  });

  it("one that does not becomes a record per row, blank cells left out; items wrap under their text", () => {
    assert.equal(
      markdownForTerminal(markdown, 16),
      "## T\n\nx | y\nlong text here\n    bb  z\n\n- an item that\n  wraps under\n  itself",
    );
  });
});

describe("on an 80-column terminal, help, matrix and reports fit; piped, every line is whole", () => {
  it("agentc --help and every command's --help fit 80 columns, with the same words as piped", async () => {
    const main = await runMain(["--help"], { columns: 80 });
    assert.deepEqual(tooWide(main.stdout, 80), []);
    assert.deepEqual(words(main.stdout), words((await runMain(["--help"])).stdout));
    for (const { name } of commandIndex) {
      const help = await runMain([name, "--help"], { columns: 80 });
      assert.equal(help.status, 0, name);
      assert.deepEqual(tooWide(help.stdout, 80), [], name);
      assert.deepEqual(words(help.stdout), words((await runMain([name, "--help"])).stdout), name);
    }
  });

  it("an option's text continues under its own column", async () => {
    const help = (await runMain(["install", "--help"], { columns: 80 })).stdout.split("\n");
    const at = help.findIndex((line) => line.startsWith("  --move-aside"));
    const column = (help[at] ?? "").indexOf("rename");
    assert.ok(column > 10, help[at]);
    assert.match(help[at + 1] ?? "", new RegExp(`^ {${column}}\\S`));
  });

  it("a terminal wider than 100 columns still gets lines of at most 100", async () => {
    const help = await runMain(["install", "--help"], { columns: 200 });
    assert.deepEqual(tooWide(help.stdout, 100), []);
    assert.ok(help.stdout.split("\n").some((line) => line.length > 80));
  });

  it("agentc matrix: records that fit instead of 500-column Markdown rows; piped, the Markdown", async () => {
    const shown = await runMain(["matrix", team], { columns: 80 });
    assert.equal(shown.status, 0, shown.stderr);
    assert.deepEqual(tooWide(shown.stdout, 80), []);
    assert.doesNotMatch(shown.stdout, /^\|/m);
    assert.match(
      shown.stdout,
      /^agent reviewer uses only read, grep, glob\n {4}source +core\/agents\/reviewer\.md:4\n {4}claude-code 2\.1\.\d+ +enforced \[1\]$/m,
    );
    const piped = await runMain(["matrix", team]);
    assert.match(piped.stdout, /^\| promise \| source \| claude-code/m);
    assert.ok(piped.stdout.split("\n").some((line) => line.length > 200));
  });

  it("build and install reports fit; --format json stays one JSON document", async () => {
    const out = join(testdir(), "build");
    const build = await runMain(["build", example, "--out", out], { columns: 80 });
    assert.equal(build.status, 0, build.stderr);
    assert.deepEqual(tooWide(build.stdout, 80), []);
    const project = testdir();
    const install = await runMain(["install", out, "--project", project, "--yes"], { columns: 80 });
    assert.equal(install.status, 0, install.stderr);
    assert.deepEqual(tooWide(install.stdout, 80), []);
    const json = await runMain(["build", example, "--out", out, "--format", "json"], { columns: 40 });
    assert.equal(JSON.parse(json.stdout).ok, true);
  });

  const noScript =
    spawnSync("script", ["--version"]).status !== 0 &&
    "util-linux 'script' (a pseudo-terminal) is not installed";

  /** The real CLI on a pseudo-terminal of `columns` (none: a terminal that does not say its size). */
  function onTerminal(args: string[], columns?: number): string {
    const command = [process.execPath, binPath, ...args].join(" ");
    const run = spawnSync(
      "script",
      ["-qec", `${columns ? `stty cols ${columns}; ` : ""}${command}`, "/dev/null"],
      {
        encoding: "utf8",
        env: { ...process.env, TERM: "xterm", NO_COLOR: "1" },
      },
    );
    return run.stdout.replaceAll("\r", "");
  }

  it("the real CLI reads the width from the terminal; one that does not say it gets whole lines", {
    skip: noScript,
  }, () => {
    const fitted = onTerminal(["install", "--help"], 80);
    assert.deepEqual(tooWide(fitted, 80), []);
    assert.match(fitted, /^ {2}--move-aside +rename .*\n {32}\S/m);
    const sizeless = onTerminal(["install", "--help"]);
    assert.ok(
      sizeless.split("\n").some((line) => line.length > 100),
      sizeless,
    );
  });

  it("agentc explain fits: the list wrapped under each check's name, a page's paragraphs flush", async () => {
    const list = await runMain(["explain"], { columns: 80 });
    assert.deepEqual(tooWide(list.stdout, 80), []);
    assert.match(list.stdout, /^AGC002 {2}error {4}config-matches-schema: .*\n {17}\S/m);
    const page = await runMain(["explain", "AGC012"], { columns: 80 });
    assert.deepEqual(tooWide(page.stdout, 80), []);
    assert.match(page.stdout, /^A source with 'url' is fetched .*\n[^ ]/m);
  });

  it("a usage error on a terminal fits too", async () => {
    const result = await runMain(["install", "x", "--projet", "p"], { columns: 80 });
    assert.equal(result.status, 2);
    assert.deepEqual(tooWide(result.stderr, 80), []);
    assert.match(result.stderr, /did you mean --project\?/);
  });
});
