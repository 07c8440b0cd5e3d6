import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { once } from "node:events";
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { join, relative } from "node:path";
import { describe, it } from "node:test";
import { binPath, runAgentc, runCliProcess } from "../support/run-cli.js";
import { testdir } from "../support/testdir.js";

const example = "examples/registry";
const ansiEscape = "\u001b[";

/** Every file below dir (hidden ones too), relative and sorted. */
function listTree(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)))
    .sort();
}

async function initRegistry(): Promise<string> {
  const dir = join(testdir(), "registry");
  const result = await runAgentc(["init", dir]);
  assert.equal(result.status, 0, result.stderr);
  return dir;
}

/** A registry made by `agentc init` with one more rule file in sources/team/. */
async function registryWithRule(file: string, text: string): Promise<string> {
  const dir = await initRegistry();
  writeFileSync(join(dir, "sources/team", file), text);
  return dir;
}

/** A registry that loads but breaks two checks: an undeclared trigger and a router row without a rule. */
const registryWithErrors = (): Promise<string> =>
  registryWithRule("extra.md", "---\nscope: global\ntrigger: deploys\n---\n# Extra\n\nText.\n");

/** A registry that loads with one warning to act on: a rule with no text (AGC037). */
const registryWithWarning = (): Promise<string> =>
  registryWithRule("empty.md", "---\nscope: global\ndescription: None yet.\n---\n# Empty\n");

describe("agentc init", () => {
  it("writes a registry that builds with exit 0 and no warnings", async () => {
    const dir = join(testdir(), "fresh");
    const init = await runAgentc(["init", dir]);
    assert.equal(init.status, 0, init.stderr);
    for (const file of ["sources.json", "targets.json", "README.md", "sources/team/router.md"])
      assert.match(init.stdout, new RegExp(`^  ${file}$`, "m"));
    const build = await runAgentc(["build", dir, "--format", "json"]);
    assert.equal(build.status, 0, build.stdout + build.stderr);
    const report = JSON.parse(build.stdout) as { diagnostics: { severity: string }[]; ok: boolean };
    assert.equal(report.ok, true);
    assert.deepEqual(
      report.diagnostics.filter((d) => d.severity !== "info"),
      [],
    );
  });

  it("holds one rule of each kind, and a file with two rules", async () => {
    const dir = await initRegistry();
    assert.equal((await runAgentc(["build", dir])).status, 0);
    const always = readFileSync(join(dir, "build/AGENTS.md"), "utf8");
    for (const heading of ["# Router", "# Project", "# Code Style", "## Commits"])
      assert.ok(always.split("\n").includes(heading), `AGENTS.md lacks ${heading}`);
    assert.ok(!always.includes("# Test Files"), "the scoped rule is not always-on");
    assert.ok(listTree(join(dir, "build")).some((f) => f.endsWith("test-files.md")));
  });

  it("refuses to overwrite, lists the files that exist, and exits 1", async () => {
    const dir = await initRegistry();
    writeFileSync(join(dir, "sources.json"), "mine\n");
    const again = await runAgentc(["init", dir]);
    assert.equal(again.status, 1);
    assert.match(again.stderr, /these files exist already/);
    assert.match(again.stderr, /sources\.json/);
    assert.match(again.stderr, /sources\/team\/router\.md/);
    assert.equal(readFileSync(join(dir, "sources.json"), "utf8"), "mine\n");
  });

  it("keeps an existing README.md (a repository root) and writes the registry around it", async () => {
    const dir = testdir({ "README.md": "# My project\n" });
    const init = await runAgentc(["init", dir]);
    assert.equal(init.status, 0, init.stderr);
    assert.match(init.stdout, /^kept your README\.md$/m);
    assert.equal(readFileSync(join(dir, "README.md"), "utf8"), "# My project\n");
    assert.equal((await runAgentc(["build", dir])).status, 0);
  });

  it("reports in JSON with --format json", async () => {
    const dir = join(testdir(), "json");
    const init = await runAgentc(["init", dir, "--format", "json"]);
    const report = JSON.parse(init.stdout) as { ok: boolean; files: string[] };
    assert.equal(report.ok, true);
    assert.ok(report.files.includes("targets.json"));
  });
});

describe("agentc check and build on examples/registry", () => {
  it("check exits 0", async () => {
    const result = await runAgentc(["check", example]);
    assert.equal(result.status, 0, result.stdout + result.stderr);
    assert.match(result.stdout, /0 error\(s\)/);
  });

  it("build exits 0 and writes the tree and manifest.json", async () => {
    const out = join(testdir(), "out");
    const result = await runAgentc(["build", example, "--out", out]);
    assert.equal(result.status, 0, result.stdout + result.stderr);
    assert.ok(listTree(out).includes("manifest.json"));
    assert.ok(listTree(out).includes("AGENTS.md"));
  });

  it("a second build with unchanged input writes no file", async () => {
    const out = join(testdir(), "out");
    assert.equal((await runAgentc(["build", example, "--out", out])).status, 0);
    const before = listTree(out).map((f) => [f, statSync(join(out, f), { bigint: true })] as const);
    const second = await runAgentc(["build", example, "--out", out]);
    assert.match(second.stdout, /: 0 written, \d+ unchanged, 0 removed$/m);
    for (const [file, stat] of before) {
      const now = statSync(join(out, file), { bigint: true });
      assert.equal(now.ino, stat.ino, `${file} was replaced`);
      assert.equal(now.mtimeNs, stat.mtimeNs, `${file} was rewritten`);
    }
    const third = JSON.parse((await runAgentc(["build", example, "--out", out, "--format", "json"])).stdout);
    assert.deepEqual(third.written, []);
    assert.deepEqual(third.removed, []);
    assert.equal(third.unchanged, before.length);
  });

  it("two builds into two folders are byte-identical", async () => {
    const [a, b] = [join(testdir(), "a"), join(testdir(), "b")];
    assert.equal((await runAgentc(["build", example, "--out", a])).status, 0);
    // The second in a process of its own: no cache of the first run's process can make the two agree.
    assert.equal(runCliProcess(["build", example, "--out", b]).status, 0);
    assert.deepEqual(listTree(a), listTree(b));
    for (const file of listTree(a))
      assert.ok(readFileSync(join(a, file)).equals(readFileSync(join(b, file))), `${file} differs`);
  });

  it("removes a file the previous build wrote and this one no longer emits", async () => {
    const dir = await initRegistry();
    const out = join(dir, "build");
    assert.equal((await runAgentc(["build", dir])).status, 0);
    assert.ok(listTree(out).some((f) => f.endsWith("test-files.md")));
    writeFileSync(
      join(dir, "sources/team/tests.md"),
      "---\nscope: global\ntrigger: tests\n---\n# Test Files\n",
    );
    const rebuilt = JSON.parse((await runAgentc(["build", dir, "--format", "json"])).stdout);
    assert.ok(rebuilt.removed.some((f: string) => f.endsWith("test-files.md")));
    assert.ok(!listTree(out).some((f) => f.endsWith("test-files.md")));
  });
});

describe("source folders", () => {
  it("reads sub-folders, but not hidden folders or node_modules", async () => {
    const dir = await initRegistry();
    const broken = "---\nscope: [\n---\n";
    writeFileSync(join(dir, "sources/team/more.md"), "---\nscope: global\n---\n# Nested Rule\n\nText.\n");
    for (const hidden of [".drafts", "node_modules/pkg", "sub/.cache"]) {
      mkdirSync(join(dir, "sources/team", hidden), { recursive: true });
      writeFileSync(join(dir, "sources/team", hidden, "broken.md"), broken);
    }
    renameSync(join(dir, "sources/team/more.md"), join(dir, "sources/team/sub/more.md"));
    const result = await runAgentc(["build", dir]);
    assert.equal(result.status, 0, result.stdout);
    assert.match(readFileSync(join(dir, "build/AGENTS.md"), "utf8"), /^# Nested Rule$/m);
  });
});

describe("build output folder", () => {
  it("removes only safe paths listed by a tampered previous manifest", async () => {
    const dir = await initRegistry();
    const out = join(dir, "build");
    assert.equal((await runAgentc(["build", dir])).status, 0);
    const victim = join(dir, "victim.md");
    writeFileSync(victim, "mine\n");
    writeFileSync(join(out, "keep.md"), "mine\n");
    const manifestPath = join(out, "manifest.json");
    const manifest = readFileSync(manifestPath, "utf8");
    const tampered = manifest
      .replace('"artifacts": [', `"artifacts": [\n    "../victim.md",\n    "${victim}",\n    "gone.md",`)
      .replace(
        '"artifact_hashes": [',
        `"artifact_hashes": [\n      "gone.md :: ${createHash("sha256").update("stale\n").digest("hex")}",`,
      );
    writeFileSync(manifestPath, tampered);
    writeFileSync(join(out, "gone.md"), "stale\n");
    const rebuilt = JSON.parse((await runAgentc(["build", dir, "--format", "json"])).stdout);
    assert.deepEqual(rebuilt.removed, ["gone.md"]);
    assert.equal(readFileSync(victim, "utf8"), "mine\n");
    assert.equal(readFileSync(join(out, "keep.md"), "utf8"), "mine\n");
    assert.equal(readFileSync(manifestPath, "utf8"), manifest);
  });
});

describe("report formats", () => {
  it("json: every diagnostic has the documented fields, paths relative to the registry", async () => {
    const result = await runAgentc(["check", await registryWithErrors(), "--format", "json"]);
    assert.equal(result.status, 1);
    const report = JSON.parse(result.stdout) as { ok: boolean; diagnostics: Record<string, unknown>[] };
    assert.equal(report.ok, false);
    assert.ok(report.diagnostics.some((d) => d.id === "AGC013"));
    for (const d of report.diagnostics) {
      const contract = ["id", "severity", "file", "line", "column", "message", "hint"];
      assert.deepEqual(Object.keys(d).slice(0, contract.length), contract);
      const optional = Object.keys(d).slice(contract.length);
      assert.deepEqual(
        optional.filter((key) => !["endLine", "endColumn", "related", "url", "loss"].includes(key)),
        [],
      );
      assert.match(
        String(d.url),
        new RegExp(`^https://github\\.com/agentc/agentc/blob/v[0-9.]+/docs/checks/${d.id}\\.md$`),
      );
      assert.match(String(d.id), /^AGC\d{3}$/);
      assert.ok(["error", "warning", "info"].includes(String(d.severity)));
      assert.ok(Number.isInteger(d.line) && Number(d.line) >= 1);
      assert.ok(Number.isInteger(d.column) && Number(d.column) >= 1);
      assert.ok(!String(d.file).startsWith("/"), `${d.file} is absolute`);
    }
  });

  it("sarif: valid SARIF 2.1.0 shape, every result names a declared rule", async () => {
    const result = await runAgentc(["check", await registryWithErrors(), "--format", "sarif"]);
    assert.equal(result.status, 1);
    const sarif = JSON.parse(result.stdout);
    assert.equal(sarif.version, "2.1.0");
    assert.match(sarif.$schema, /sarif-2\.1\.0/);
    const [run] = sarif.runs;
    const ruleIds = new Set(run.tool.driver.rules.map((r: { id: string }) => r.id));
    assert.equal(run.tool.driver.name, "agentc");
    assert.ok(run.results.length > 0);
    for (const r of run.results) {
      assert.ok(ruleIds.has(r.ruleId), `${r.ruleId} is not among the rules`);
      assert.ok(["error", "warning", "note"].includes(r.level));
      assert.equal(typeof r.message.text, "string");
      const location = r.locations[0].physicalLocation;
      assert.equal(typeof location.artifactLocation.uri, "string");
      assert.ok(location.region.startLine >= 1 && location.region.startColumn >= 1);
    }
  });

  it("github: one workflow command per diagnostic with file, line and col", async () => {
    const dir = await registryWithErrors();
    const result = await runAgentc(["check", dir, "--format", "github"]);
    assert.equal(result.status, 1);
    const lines = result.stdout.trim().split("\n");
    assert.ok(lines.length > 0);
    for (const line of lines)
      assert.match(
        line,
        /^::(error|warning|notice) file=[^,]+,line=\d+,col=\d+,title=AGC\d{3}::.+\(hint: .+\)$/,
      );
    assert.ok(lines.some((l) => l.startsWith(`::error file=${dir}/sources/team/extra.md,`)));
  });

  it("pretty: file:line:col, severity, id, then the hint", async () => {
    const dir = await registryWithErrors();
    const result = await runAgentc(["check", dir]);
    assert.equal(result.status, 1);
    assert.match(
      result.stdout,
      new RegExp(`^${dir}/sources/team/extra\\.md:3:\\d+: error AGC013 .+\\n  hint: .+`, "m"),
    );
  });
});

describe("exit codes and usage", () => {
  const usageCases: [string, string[], RegExp][] = [
    ["an unknown command", ["frobnicate"], /unknown command "frobnicate"[\s\S]*usage: agentc <command>/],
    ["an unknown option", ["check", example, "--frob"], /--frob[\s\S]*usage: agentc check/],
    [
      "a bad --format",
      ["build", example, "--format", "xml"],
      /--format xml is not supported[\s\S]*usage: agentc build/,
    ],
    ["a format the command lacks", ["init", "x", "--format", "sarif"], /usage: agentc init/],
    ["an unknown check", ["explain", "AGC999"], /unknown check "AGC999"/],
    ["no command at all", [], /usage: agentc <command>/],
    [
      "a second registry argument",
      ["check", example, "other"],
      /unexpected argument "other"[\s\S]*usage: agentc check/,
    ],
  ];
  for (const [what, args, expected] of usageCases) {
    it(`exits 2 for ${what}`, async () => {
      const result = await runAgentc(args);
      assert.equal(result.status, 2);
      assert.match(result.stdout + result.stderr, expected);
      assert.doesNotMatch(result.stderr, /internal error|^\s+at /m);
    });
  }

  it("exits 1 for a registry with errors, 0 when only warnings", async () => {
    assert.equal((await runAgentc(["build", await registryWithErrors()])).status, 1);
    const warningsOnly = await runAgentc(["check", await registryWithWarning()]);
    assert.match(warningsOnly.stdout, /warning AGC037/);
    assert.equal(warningsOnly.status, 0);
  });

  it("a failed build writes nothing", async () => {
    const dir = await registryWithErrors();
    const out = join(dir, "fresh-out");
    assert.equal((await runAgentc(["build", dir, "--out", out])).status, 1);
    assert.throws(() => statSync(out), /ENOENT/);
  });

  it("exits 2 with a clear message when init or build cannot write", async () => {
    const file = join(testdir(), "a-file");
    writeFileSync(file, "x\n");
    const cases = [
      ["init", join(file, "registry")],
      ["init", file],
      ["build", example, "--out", join(file, "out")],
    ];
    for (const args of cases) {
      const result = await runAgentc(args);
      assert.equal(result.status, 2, args.join(" "));
      assert.match(result.stderr, /is a file|ENOTDIR/);
      assert.match(result.stderr, /hint: /);
      assert.doesNotMatch(result.stderr, /internal error|^\s+at /m);
    }
  });

  it("does not hang where mkdir answers ENOENT for an existing parent (/proc)", {
    skip: !existsSync("/proc/self") && "no /proc",
  }, async () => {
    const result = await runAgentc(["build", example, "--out", "/proc/agentc-out"]);
    assert.equal(result.status, 2);
    assert.match(result.stderr, /cannot write \/proc\/agentc-out\//);
  });

  it("explain prints a check's documentation", async () => {
    const result = await runAgentc(["explain", "AGC012"]);
    assert.equal(result.status, 0);
    assert.match(result.stdout, /remote-source-fetched/);
  });

  it("--help and --version exit 0", async () => {
    assert.equal((await runAgentc(["--help"])).status, 0);
    assert.match((await runAgentc(["--version"])).stdout, /^\d+\.\d+\.\d+/);
    assert.match((await runAgentc(["build", "--help"])).stdout, /--cache-dir/);
  });
});

describe("terminal output", () => {
  it("--quiet prints errors only; --verbose every diagnostic, client limits included", async () => {
    const dir = await registryWithWarning();
    const loud = await runAgentc(["check", dir]);
    const quiet = await runAgentc(["check", dir, "--quiet"]);
    const verbose = await runAgentc(["check", dir, "--verbose"]);
    assert.match(loud.stdout, / warning AGC037 /);
    assert.doesNotMatch(loud.stdout, / info AGC029 /);
    // it serves every built-in assistant: its limits are counted, not listed per client
    assert.match(loud.stdout, /, \d+ client limit\(s\); --verbose shows every diagnostic in full$/m);
    assert.doesNotMatch(loud.stdout, /promises? it cannot keep/);
    assert.match(loud.stdout, /^note: this registry serves every built-in assistant/m);
    assert.equal(quiet.stdout.trim(), "");
    assert.match(verbose.stdout, / info AGC029 /);
    assert.match(verbose.stdout, / warning AGC037 /);
  });

  it("no ANSI codes when stdout is not a terminal, even without NO_COLOR", async () => {
    const result = runCliProcess(["check", await registryWithWarning()], { env: { NO_COLOR: "" } });
    assert.match(result.stdout, /warning AGC037/);
    assert.ok(!result.stdout.includes(ansiEscape));
  });

  it("a reader that stops early (agentc check | head) gets no crash, and the exit code stays 1", async () => {
    const dir = await initRegistry();
    for (let i = 0; i < 800; i++)
      writeFileSync(join(dir, `sources/team/r${i}.md`), `---\nscope: [\n---\n# R${i}\n`);
    const child = spawn(process.execPath, [binPath, "check", dir], {
      env: { ...process.env, NO_COLOR: "1" },
    });
    let stderr = "";
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.stdout.once("data", () => child.stdout.destroy());
    const [code] = (await once(child, "close")) as [number];
    assert.equal(stderr, "");
    assert.equal(code, 1);
  });

  const script = spawnSync("script", ["--version"], { encoding: "utf8" });
  const noPty =
    script.status === 0 ? false : "util-linux 'script' (to run under a pseudo-terminal) is not installed";

  /** Runs the CLI under a pseudo-terminal, so that stdout is a TTY. */
  async function onTty(env: NodeJS.ProcessEnv): Promise<string> {
    const command = `${process.execPath} ${binPath} check ${await registryWithWarning()}`;
    const { NO_COLOR: _drop, ...rest } = process.env;
    return spawnSync("script", ["-qec", command, "/dev/null"], {
      encoding: "utf8",
      env: { ...rest, TERM: "xterm", ...env },
    }).stdout;
  }

  it("colours on a terminal", { skip: noPty }, async () => assert.ok((await onTty({})).includes(ansiEscape)));

  it("NO_COLOR turns colour off on a terminal", { skip: noPty }, async () => {
    const output = await onTty({ NO_COLOR: "1" });
    assert.match(output, /warning AGC037/);
    assert.ok(!output.includes(ansiEscape));
  });
});
