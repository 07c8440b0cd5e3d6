import assert from "node:assert/strict";
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { readTree } from "../support/golden-tree.js";
import { findings, importProjects, runImport } from "../support/import-run.js";
import { copyOf, snapshot, stamps } from "../support/install-fixture.js";
import { runAgentc } from "../support/run-cli.js";
import { testdir } from "../support/testdir.js";

const mixed = join(importProjects, "mixed");

async function untouched(project: string, run: () => Promise<void>): Promise<void> {
  const before = { tree: snapshot(project), stamps: stamps(project) };
  await run();
  assert.deepEqual(snapshot(project), before.tree);
  assert.deepEqual(stamps(project), before.stamps);
}

describe("agentc import never writes into the project and never overwrites a registry", () => {
  it("refuses an --out inside the project (exit 2) and writes nothing anywhere", async () => {
    const project = copyOf(mixed);
    await untouched(project, async () => {
      const result = await runAgentc(["import", project, "--out", join(project, "registry")]);
      assert.equal(result.status, 2);
      assert.match(result.stderr, /lies inside the project .* import never writes into the project it reads/);
    });
    assert.ok(!existsSync(join(project, "registry")));
  });

  it("refuses an --out that reaches into the project through a link", async () => {
    const project = copyOf(mixed);
    const elsewhere = testdir();
    symlinkSync(join(project, "src"), join(elsewhere, "into-project"));
    await untouched(project, async () => {
      const result = await runAgentc([
        "import",
        project,
        "--out",
        join(elsewhere, "into-project", "registry"),
      ]);
      assert.equal(result.status, 2, result.stderr);
    });
  });

  it("refuses a folder that is not empty and leaves its files as they were", async () => {
    const out = testdir({ "sources.json": '{ "mine": true }\n' });
    const result = await runAgentc(["import", mixed, "--out", out]);
    assert.equal(result.status, 2);
    assert.match(result.stderr, /is not empty \(sources\.json\)/);
    assert.deepEqual(readTree(out), new Map([["sources.json", '{ "mine": true }\n']]));
  });

  it("takes an empty folder, and refuses a file, a missing --out and a project that is no folder", async () => {
    const empty = testdir();
    assert.equal((await runAgentc(["import", mixed, "--out", empty, "--quiet"])).status, 0);
    assert.ok(existsSync(join(empty, "targets.json")));
    const file = join(testdir(), "file");
    writeFileSync(file, "x");
    assert.equal((await runAgentc(["import", mixed, "--out", file])).status, 2);
    assert.equal((await runAgentc(["import", mixed])).status, 2);
    assert.equal(
      (await runAgentc(["import", join(mixed, "go.mod"), "--out", join(testdir(), "r")])).status,
      2,
    );
  });
});

describe("agentc import reads every native file it can and reports every one it cannot", () => {
  it("malformed frontmatter, JSON and TOML, a binary and links out of the project: each a warning at its place, the rest imported, exit 0", async () => {
    const outside = testdir({
      "secret.md": "# Secret\n\nnot the project's\n",
      "skills/x/SKILL.md": "---\nname: x\n---\n",
    });
    const project = testdir({
      "AGENTS.md": "# Team\n\nKeep it simple.\n",
      ".cursor/rules/broken.mdc": "---\ndescription: never closed\n# Broken\n",
      ".cursor/rules/fine.mdc": "---\nalwaysApply: true\n---\n# Fine\n\nStill imported.\n",
      ".claude/settings.json": '{\n  "permissions": {\n    "deny": ["Read(./.env)"\n  }\n}\n',
      ".codex/agents/bad.toml": 'name = "bad"\ndescription = "unclosed\n',
      ".claude/skills/blob/SKILL.md": Buffer.from([0x2d, 0x2d, 0x2d, 0x0a, 0x00, 0x01]),
    });
    mkdirSync(join(project, ".claude", "rules"));
    symlinkSync(join(outside, "secret.md"), join(project, ".claude", "rules", "leak.md"));
    symlinkSync(join(outside, "skills", "x"), join(project, ".claude", "skills", "ext"));
    const run = await runImport(project);
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(run.after.tree, run.before.tree);
    // Every file once, at its first problem (a parser's later errors follow from the first).
    assert.deepEqual(
      run.json.diagnostics.filter((d) => d.id === "AGC127").map((d) => `${d.file}:${d.line}`),
      [
        ".claude/rules/leak.md:1",
        ".claude/settings.json:4",
        ".claude/skills/blob/SKILL.md:1",
        ".claude/skills/ext:1",
        ".codex/agents/bad.toml:2",
        ".cursor/rules/broken.mdc:1",
      ],
    );
    assert.match(
      findings(run, "AGC127").join("\n"),
      /leak\.md is a link to .*secret\.md, outside the project/,
    );
    assert.match(findings(run, "AGC127").join("\n"), /SKILL\.md is binary/);
    assert.ok(readFileSync(join(run.out, "core/rules/fine.md"), "utf8").includes("Still imported."));
    // What could not be read is neither compared with the build nor listed as read.
    const unread = [".claude/settings.json", ".codex/agents/bad.toml", ".cursor/rules/broken.mdc"];
    assert.deepEqual(
      run.json.diagnostics.filter((d) => d.id === "AGC129" && unread.includes(d.file)),
      [],
    );
    assert.ok(!run.json.read.some((path) => unread.includes(path)), run.json.read.join(", "));
    for (const text of readTree(run.out).values()) assert.ok(!text.includes("not the project's"));
  });
});

describe("agentc import --from, an empty project, and the same bytes twice", () => {
  it("--from narrows the import to the assistants named", async () => {
    const run = await runImport(mixed, "--from", "cursor");
    assert.equal(run.status, 0);
    assert.deepEqual(run.json.assistants, ["cursor"]);
    assert.ok(
      run.json.read.every((path) => path.startsWith(".cursor/") || path === "AGENTS.md"),
      run.json.read.join(", "),
    );
    assert.ok(!run.json.files.some((path) => path.startsWith("core/skills/review")));
  });

  it("an unknown assistant is a usage error naming the nearest one", async () => {
    const result = await runAgentc(["import", mixed, "--out", join(testdir(), "r"), "--from", "cursr"]);
    assert.equal(result.status, 2);
    assert.match(result.stderr, /unknown assistant "cursr" \(did you mean "cursor"\?\)/);
    assert.match(result.stderr, /hint: --from takes assistant ids/);
  });

  it("a project without native files writes nothing and exits 1", async () => {
    const out = join(testdir(), "r");
    const result = await runAgentc(["import", testdir({ "README.md": "# App\n" }), "--out", out]);
    assert.equal(result.status, 1);
    assert.match(result.stderr, /found no native file of any assistant agentc knows/);
    assert.equal(result.stdout, "", "no empty report before the message");
    assert.ok(!existsSync(out));
  });

  it("a project whose only files stay its own says so, not that it has none (agenticsorg/sparc-bench)", async () => {
    const out = join(testdir(), "r");
    const project = testdir({
      ".roo/rules/01-general.md": "Answer in short sentences.\n",
      ".roo/rules-code/style.md": "Prefer early returns.\n",
    });
    const result = await runAgentc(["import", project, "--out", out]);
    assert.equal(result.status, 1);
    assert.match(result.stdout, /warning AGC128 .*\.roo\/rules\//);
    assert.match(
      result.stderr,
      /found nothing in .* that a registry can carry: the 2 files the findings name stay the project's own; nothing written/,
    );
    assert.doesNotMatch(result.stderr, /found no native file|--from names/);
    assert.ok(!existsSync(out));
  });

  it("names a link at an assistant's place that leads nowhere here, not that the project has no files (caelinsutch/agentlink)", async () => {
    const out = join(testdir(), "r");
    const project = testdir({ "README.md": "# App\n" });
    mkdirSync(join(project, ".cursor"));
    symlinkSync("/nonexistent-agentc-home/app/.agents/commands", join(project, ".cursor", "commands"));
    const alone = await runAgentc(["import", project, "--out", out]);
    assert.equal(alone.status, 1);
    assert.match(
      alone.stdout,
      /\.cursor\/commands:1:1: warning AGC127 \.cursor\/commands is a link to \/nonexistent-agentc-home\/app\/\.agents\/commands, which does not exist here/,
    );
    assert.doesNotMatch(alone.stderr, /found no native file/);
    assert.ok(!existsSync(out));
    writeFileSync(join(project, "AGENTS.md"), "# App\n\nUse tabs.\n");
    const beside = await runAgentc(["import", project, "--out", out]);
    assert.equal(beside.status, 0, beside.stderr);
    assert.match(beside.stdout, /warning AGC127 \.cursor\/commands is a link to /);
  });

  it("the same project gives the same registry, byte for byte", async () => {
    const first = await runImport(mixed);
    const second = await runImport(mixed);
    assert.deepEqual(readTree(second.out), readTree(first.out));
    assert.deepEqual(second.json.diagnostics, first.json.diagnostics);
  });

  it("prints every finding and what to run next", async () => {
    const result = await runAgentc(["import", join(importProjects, "cursor"), "--out", join(testdir(), "r")]);
    assert.equal(result.status, 0);
    assert.match(
      result.stdout,
      /\.cursor\/agents\/explorer\.md:4:1: info AGC128 "readonly" of \.cursor\/agents\/explorer\.md says the agent uses none of edit, exec, mcp/,
    );
    // Cursor replaces no $ARGUMENTS, so the word is its text; in the core it is a placeholder.
    assert.match(
      result.stdout,
      /\.cursor\/commands\/review\.md:1:1: warning AGC128 \.cursor\/commands\/review\.md says \$ARGUMENTS, which Cursor does not replace/,
    );
    assert.match(
      result.stdout,
      /imported cursor from .* into (.*): \d+ files\nnext: agentc build \1, then agentc install \1\/build --project /,
    );
    // The files the install takes over are named, so the person knows which of theirs the registry now writes.
    assert.match(
      result.stdout,
      /the install takes over these files where they are \(\d+\)[\s\S]*\n {4}\.cursor\/rules\/project\.mdc\n/,
    );
    // .cursor/mcp.json and .cursor/hooks.json: values composed into the person's own files.
    assert.match(result.stdout, /\n {2}the settings files it composes into \(2\) stay yours/);
  });

  it("says nothing of settings files when the project has none", async () => {
    const result = await runAgentc(["import", join(importProjects, "pi"), "--out", join(testdir(), "r")]);
    assert.equal(result.status, 0, result.stdout + result.stderr);
    assert.match(result.stdout, /the install takes over these files where they are/);
    assert.doesNotMatch(result.stdout, /settings files/);
  });
});
