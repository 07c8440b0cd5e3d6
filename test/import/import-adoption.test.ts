import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { runImport } from "../support/import-run.js";
import { runAgentc } from "../support/run-cli.js";
import { testdir } from "../support/testdir.js";

const words = (n: number, word = "clear") => Array.from({ length: n }, () => word).join(" ");

/** An always-on file of `lines` bullet lines of eight words each, under a few headings. */
function longInstructions(lines: number): string {
  const out: string[] = [];
  for (let i = 0; i < lines; i++) {
    if (i % 40 === 0) out.push(`## Part ${i / 40 + 1}`, "");
    out.push(`- Item ${i} keeps the code small and readable.`);
  }
  return `# Project\n\n${out.join("\n")}\n`;
}

const targetsOf = (out: string) => JSON.parse(readFileSync(join(out, "targets.json"), "utf8"));

async function pretty(project: string, ...flags: string[]) {
  const out = join(testdir(), "registry");
  const run = await runAgentc(["import", project, "--out", out, ...flags]);
  return { ...run, out, lines: run.stdout.split("\n").filter((l) => l !== "") };
}

describe("import: budgets are the project's as imported (issue 29, part 3)", () => {
  it("writes the measured size into targets.json with the reason 'imported as is', warns, and the registry builds", async () => {
    const project = testdir({ "AGENTS.md": longInstructions(300) });
    const run = await runImport(project);
    assert.equal(run.status, 0, JSON.stringify(run.json.diagnostics.filter((d) => d.severity === "error")));
    const global = targetsOf(run.out).budgets?.global;
    assert.ok(global, "targets.json budgets.global");
    assert.equal(global.reason, "imported as is");
    assert.ok(global.max_lines >= 300 && global.max_words >= 2000, JSON.stringify(global));
    const warned = run.json.diagnostics.filter((d) => d.id === "AGC026" && d.severity === "warning");
    assert.equal(warned.length, 1, JSON.stringify(run.json.diagnostics));
    assert.match(warned[0]?.message ?? "", /100 lines/);
    assert.match(warned[0]?.hint ?? "", /budgets/);
    const build = await runAgentc(["build", run.out, "--out", join(testdir(), "build")]);
    assert.equal(build.status, 0, build.stdout);
  });

  it("writes a client's always-loaded limit where the project loads more than 40,000 characters", async () => {
    const body = Array.from({ length: 900 }, (_, i) => `- Rule ${i}: prefer clear names over comments.`);
    const project = testdir({
      "CLAUDE.md": "# Project\n\nUse tabs.\n",
      ".claude/rules/style.md": `# Style\n\n${body.join("\n")}\n`,
    });
    const run = await runImport(project);
    assert.equal(run.status, 0, JSON.stringify(run.json.diagnostics.filter((d) => d.severity === "error")));
    const limit = targetsOf(run.out).budgets?.always_loaded?.["claude-code"];
    assert.equal(limit?.reason, "imported as is");
    assert.ok(limit.characters > 40000);
    assert.ok(run.json.diagnostics.some((d) => d.id === "AGC090" && d.severity === "warning"));
    const build = await runAgentc(["build", run.out, "--out", join(testdir(), "build")]);
    assert.equal(build.status, 0, build.stdout);
  });

  it("writes no budgets for a project within the seed's", async () => {
    const run = await runImport(testdir({ "AGENTS.md": "# Style\n\nUse tabs.\n" }));
    assert.equal(run.status, 0);
    assert.equal(targetsOf(run.out).budgets, undefined);
  });
});

describe("import never writes what build rejects (issue 29, part 4)", () => {
  const project = () =>
    testdir({
      "CLAUDE.md": "# Project\n\nUse tabs.\n",
      ".claude/commands/deploy.md":
        '---\ndescription: Deploy it\nargument-hint: ""\n---\nDeploy $ARGUMENTS now.\n',
      ".claude/commands/release.md":
        '---\ndescription: Cut a release\nargument-hint: ""\n---\nRelease now.\n',
      ".claude/skills/big/SKILL.md": `---\nname: big\ndescription: ${words(300, "Does")}\n---\n# Big\n\nDo it.\n`,
      ".claude/skills/small/SKILL.md":
        "---\nname: small\ndescription: Does a small thing.\n---\n# Small\n\nDo it.\n",
    });

  it("leaves out each value the registry refuses, reports it once per key with a count, and the registry builds", async () => {
    const run = await runImport(project());
    assert.equal(run.status, 0, JSON.stringify(run.json.diagnostics.filter((d) => d.severity === "error")));
    const deploy = readFileSync(join(run.out, "core", "commands", "deploy.md"), "utf8");
    assert.doesNotMatch(deploy, /argument_hint/);
    assert.ok(!run.json.files.includes("core/skills/big/SKILL.md"), "the skill stays in the project's file");
    assert.ok(run.json.files.includes("core/skills/small/SKILL.md"));
    const about = run.json.diagnostics.filter(
      (d) => d.id === "AGC128" && /argument_hint|description/.test(d.message),
    );
    assert.ok(about.some((d) => d.file === ".claude/commands/deploy.md" && d.severity === "warning"));
    assert.ok(about.some((d) => d.file === ".claude/skills/big/SKILL.md" && /1024/.test(d.message)));
    const build = await runAgentc(["build", run.out, "--out", join(testdir(), "build")]);
    assert.equal(build.status, 0, build.stdout);
    const shown = await pretty(project());
    const hints = shown.lines.filter((l) => l.includes("argument_hint"));
    assert.equal(hints.length, 1, shown.stdout);
    assert.match(hints[0] ?? "", /2 files|2 places|× ?2|x2/);
  });

  it("leaves out a scoped rule's description over 25 words (AGC019) and still builds the rule, also with no always-on file", async () => {
    const description = words(40, "word");
    const project = testdir({
      ".continue/rules/py.md": `---\nname: py\nglobs: "**/*.py"\ndescription: ${description}\n---\n# Python\n\nUse black.\n`,
    });
    const run = await runImport(project);
    assert.equal(run.status, 0, JSON.stringify(run.json.diagnostics));
    assert.ok(
      run.json.diagnostics.some(
        (d) =>
          d.id === "AGC128" && d.file === ".continue/rules/py.md" && /"description".*AGC019/.test(d.message),
      ),
    );
    const out = join(testdir(), "build");
    const build = await runAgentc(["build", run.out, "--out", out]);
    assert.equal(build.status, 0, build.stdout);
    const manifest = readFileSync(join(out, "manifest.json"), "utf8");
    assert.match(
      manifest,
      /\.continue\/rules\/[^"]+\.md/,
      "the scoped rule is built, not dropped with its source",
    );
  });

  it("prints next: agentc build only when that build passes, and the exit status says the same", async () => {
    const projects = [
      project(),
      testdir({ "AGENTS.md": longInstructions(300) }),
      testdir({
        "CLAUDE.md": "# Project\n\nUse tabs.\n\n@.claude/rules/style.md\n",
        ".claude/rules/style.md": "# Style\n\nShort functions.\n",
      }),
    ];
    for (const dir of projects) {
      const run = await pretty(dir);
      const build = await runAgentc(["build", run.out, "--out", join(testdir(), "build"), "--quiet"]);
      const next = run.stdout.includes("next: agentc build");
      assert.equal(next, build.status === 0, `${dir}: next printed ${next}, build exit ${build.status}`);
      assert.equal(
        run.status === 0,
        build.status === 0,
        `${dir}: import exit ${run.status}, build exit ${build.status}`,
      );
    }
  });
});

describe("import writes a pack's policy only where the project had it (issue 29, part 7)", () => {
  const settings = (permissions: object) => ({
    "CLAUDE.md": "# Project\n\nUse tabs.\n",
    ".claude/settings.json": `${JSON.stringify({ permissions }, null, 2)}\n`,
  });

  it("turns disableBypassPermissionsMode on in targets.json for a project that had it", async () => {
    const run = await runImport(
      testdir(settings({ deny: ["Read(./.env)"], disableBypassPermissionsMode: "disable" })),
    );
    assert.equal(run.status, 0);
    assert.deepEqual(targetsOf(run.out).client_policies, {
      "claude-code": ["permissions.disableBypassPermissionsMode"],
    });
    assert.ok(!run.json.diagnostics.some((d) => d.message.includes("disableBypassPermissionsMode")));
  });

  it("writes no policy for a project without it, and the round trip adds none", async () => {
    const run = await runImport(testdir(settings({ deny: ["Read(./.env)"] })));
    assert.equal(run.status, 0);
    assert.equal(targetsOf(run.out).client_policies, undefined);
    assert.ok(!run.json.diagnostics.some((d) => d.message.includes("disableBypassPermissionsMode")));
  });
});

describe("import's report is quiet and short (issue 29, part 8)", () => {
  /** 300 assistant files, each with keys no neutral format has, some in sub-folders. */
  function bigProject(): string {
    const files: Record<string, string> = { "AGENTS.md": "# Project\n\nUse tabs.\n" };
    for (let i = 0; i < 100; i++) {
      const body = `# Rule ${i}\n\nRule ${i} text.\n`;
      const folder = i % 2 === 0 ? "" : `area${i % 5}/`;
      files[`.claude/rules/${folder}r${i}.md`] =
        `---\npaths: ["src/m${i}/**"]\nowner: team-${i}\n---\n${body}`;
      files[`.cursor/rules/c${i}.mdc`] =
        `---\ndescription: Cursor rule ${i}\nglobs: lib/m${i}/**\nalwaysApply: false\npriority: ${i}\n---\n# Cursor ${i}\n\nCursor ${i} text.\n`;
      files[`.github/instructions/g${i}.instructions.md`] =
        `---\napplyTo: "app/m${i}/**"\nexcludeAgent: code-review\n---\n# Copilot ${i}\n\nCopilot ${i} text.\n`;
    }
    return testdir(files);
  }

  it("groups findings by check and key with counts: at most 40 lines; --verbose lists every one", async () => {
    const project = bigProject();
    const run = await pretty(project);
    assert.ok(run.lines.length <= 40, `${run.lines.length} lines:\n${run.stdout}`);
    assert.match(run.stdout, /owner/);
    assert.match(run.stdout, /excludeAgent/);
    const json = await runImport(project);
    const verbose = await pretty(project, "--verbose");
    for (const d of json.json.diagnostics)
      assert.ok(verbose.stdout.includes(`${d.file}:${d.line}:${d.column}`), `--verbose lists ${d.file}`);
  });

  it("lists the largest kinds of a check with many and counts the rest, each hint once", async () => {
    const files: Record<string, string> = { "AGENTS.md": "# Project\n\nUse tabs.\n" };
    for (let i = 0; i < 60; i++)
      files[`.github/agents/a${i}.agent.md`] =
        `---\ndescription: Agent ${i}\ntools: ["server-${i}/tool-${i}"]\n---\nAgent ${i} works.\n`;
    files[".github/agents/shared.agent.md"] =
      '---\ndescription: Shared\ntools: ["server-0/tool-0"]\n---\nShared agent.\n';
    const run = await pretty(testdir(files));
    assert.ok(run.lines.length <= 40, `${run.lines.length} lines:\n${run.stdout}`);
    assert.match(run.stdout, /server-0\/tool-0.*\(2 places/, "the kind with most places is listed");
    assert.match(run.stdout, /warning AGC128 and \d+ more kinds \(\d+ places\)/);
    const hints = run.lines.filter((line) => line.trim().startsWith("hint:"));
    assert.equal(new Set(hints).size, hints.length, `a hint repeated:\n${run.stdout}`);
  });

  it("prints each hint right below the lines it belongs to, and a grouped line names its files as <file>", async () => {
    const agent = (name: string) =>
      `---\nname: ${name}\ndescription: Reviews ${name}\ncolor: blue\n---\nReview ${name}.\n`;
    const run = await pretty(
      testdir({
        "CLAUDE.md": "# Project\n\nUse tabs.\n",
        ".claude/agents/api.md": agent("api"),
        ".claude/agents/web.md": agent("web"),
        ".claude/commands/ask.toml": 'description = "Ask"\nprompt = "Ask it."\n',
        ".claude/commands/map.toml": 'description = "Map"\nprompt = "Map it."\n',
      }),
    );
    const at = (pattern: RegExp) => run.lines.findIndex((line) => pattern.test(line));
    const color = at(/warning AGC128 "color" of <file> has no neutral equivalent.*\(2 places/);
    const toml = at(/warning AGC128 <file> is not a \.md file.*\(2 places/);
    assert.ok(color >= 0 && toml >= 0, run.stdout);
    assert.match(
      run.lines[color + 1] ?? "",
      /^ {2}hint: Keep the value in the project's own file/,
      run.stdout,
    );
    assert.match(run.lines[toml + 1] ?? "", /^ {2}hint: Give it the \.md format/, run.stdout);
    assert.doesNotMatch(run.stdout, /…/);
  });

  it("one line for the items another assistant has in another form, however many (bluemouse/AIConfig: 147 skills)", async () => {
    const files: Record<string, string> = { "AGENTS.md": "# Project\n\nUse tabs.\n" };
    const skill = (name: string, path: string) =>
      `---\nname: ${name}\ndescription: Does ${name} work\n---\n# ${name}\n\nRun it by the ${path} path.\n`;
    for (let i = 0; i < 20; i++) {
      files[`.claude/skills/s${i}/SKILL.md`] = skill(`s${i}`, "fast");
      files[`.cursor/skills/s${i}/SKILL.md`] = skill(`s${i}`, "safe");
    }
    const run = await pretty(testdir(files));
    const renamed = run.lines.filter((line) => / differs in its /.test(line));
    assert.equal(renamed.length, 1, run.stdout);
    assert.match(
      renamed[0] ?? "",
      /^warning AGC128 skill of <file> differs in its body from the one of that name another assistant reads: imported as <name>-cursor \(20 places: \S*\.cursor\/skills\/s0\/SKILL\.md:1:1/,
    );
    const verbose = await pretty(testdir(files), "--verbose");
    assert.match(
      verbose.stdout,
      /skill s7 differs in its body from the one of that name in \.claude\/skills\/s7\/SKILL\.md: imported as core\/skills: s7-cursor/,
    );
  });

  it("--quiet hides the infos only: warnings stay", async () => {
    const project = testdir({
      ".github/instructions/testing.instructions.md":
        '---\napplyTo: "test/**"\nexcludeAgent: code-review\n---\n# Testing\n\nTests use real files.\n',
      ".claude/rules/area/x.md": "# X\n\nX text.\n",
    });
    const loud = await pretty(project);
    assert.match(loud.stdout, / info AGC128 /);
    const quiet = await pretty(project, "--quiet");
    assert.match(quiet.stdout, / warning AGC128 .*excludeAgent/);
    assert.doesNotMatch(quiet.stdout, / info /);
  });
});
