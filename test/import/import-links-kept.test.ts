import assert from "node:assert/strict";
import { mkdirSync, readFileSync, renameSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { packageRoot } from "../../src/shared/package-paths.js";
import { runImport } from "../support/import-run.js";
import { runAgentc } from "../support/run-cli.js";
import { testdir } from "../support/testdir.js";

/**
 * An instruction file that is a link to AGENTS.md (CLAUDE.md -> AGENTS.md, GEMINI.md -> AGENTS.md) is no text of
 * its own: install leaves the link, and its assistant reads AGENTS.md through it as before. The round trip
 * warned at CLAUDE.md that an assistant reading both would read the text twice and advised removing the file
 * (which would take AGENTS.md from Claude Code), and at GEMINI.md that import should run again with --from.
 * The other way round (AGENTS.md -> .github/copilot-instructions.md), it advised removing the file the links
 * lead to, which would leave them dangling.
 */
const fixture = join(packageRoot, "test", "fixtures", "adoption", "08-symlinked");

describe("a link to the always-on file", () => {
  it("is said to stay the project's link, as an info", async () => {
    const run = await runImport(fixture);
    assert.equal(run.status, 0, run.stderr);
    for (const link of ["CLAUDE.md", "GEMINI.md"]) {
      const said = run.json.diagnostics.filter((d) => d.file === link);
      assert.deepEqual(
        said.map((d) => `${d.severity} ${d.id} ${d.message}`),
        [
          `info AGC129 the build of the imported registry writes no ${link}: it is the project's link to AGENTS.md, which stays as it is, so its assistant reads AGENTS.md through it as before`,
        ],
      );
    }
  });

  it("the file AGENTS.md links to is where the build writes its text, the link stays (the shape of poolifier/poolifier)", async () => {
    const run = await runImport(
      join(packageRoot, "test", "fixtures", "adoption", "53-agents-md-links-to-copilot"),
    );
    assert.equal(run.status, 0, run.stderr);
    const at = (file: string) =>
      run.json.diagnostics.filter((d) => d.file === file).map((d) => `${d.severity} ${d.id} ${d.message}`);
    assert.deepEqual(
      at(".github/copilot-instructions.md"),
      [],
      "the build writes it as it is: nothing to say",
    );
    assert.deepEqual(at("AGENTS.md"), [
      "info AGC129 the build of the imported registry writes no AGENTS.md: it is the project's link to .github/copilot-instructions.md, which stays as it is, so its assistant reads .github/copilot-instructions.md through it as before",
    ]);
    const index = JSON.parse(readFileSync(join(run.out, "native.json"), "utf8"));
    assert.deepEqual(
      index.files.filter((f: { through?: string }) => f.through),
      [
        {
          path: ".github/copilot-instructions.md",
          component: "agents-md",
          from: ["sources/imported/01-AGENTS.md"],
          from_sha256: index.files.find((f: { through?: string }) => f.through)?.from_sha256,
          through: "AGENTS.md",
        },
      ],
    );
  });

  it("a copy kept where a link leads must lie at a place a chosen client or adapter reads: else the build refuses it", async () => {
    const run = await runImport(
      join(packageRoot, "test", "fixtures", "adoption", "53-agents-md-links-to-copilot"),
    );
    assert.equal(run.status, 0, run.stderr);
    const indexPath = join(run.out, "native.json");
    const index = JSON.parse(readFileSync(indexPath, "utf8"));
    const linked = index.files.find((f: { through?: string }) => f.through);
    mkdirSync(join(run.out, "native", "docs"), { recursive: true });
    renameSync(join(run.out, "native", linked.path), join(run.out, "native", "docs", "notes.md"));
    linked.path = "docs/notes.md";
    writeFileSync(indexPath, JSON.stringify(index, null, 2));
    const build = await runAgentc(["build", run.out, "--out", join(testdir(), "build")]);
    assert.equal(build.status, 1);
    assert.match(
      build.stdout + build.stderr,
      /error AGC190 docs\/notes\.md, where the project's AGENTS\.md leads, is at no place a chosen client or adapter reads/,
    );
  });
});

describe("a folder link of the project (.claude/rules -> ../.agents/rules)", () => {
  it("its files are the ones the build writes where the link leads: no file is said to be unwritten", async () => {
    const run = await runImport(
      join(packageRoot, "test", "fixtures", "adoption", "59-claude-rules-folder-link"),
    );
    assert.equal(run.status, 0, run.stderr);
    const unwritten = run.json.diagnostics.filter(
      (d) => d.id === "AGC129" && d.file.startsWith(".claude/rules/"),
    );
    assert.deepEqual(
      unwritten,
      [],
      "the build writes .agents/rules/testing.md, which .claude/rules/testing.md is",
    );
  });
});

describe("rule files in Claude Code's dialect in a folder .claude/rules leads to (.agents/rules)", () => {
  const linked = join(packageRoot, "test", "fixtures", "adoption", "60-claude-paths-in-agents-rules");

  it("are imported with the condition Claude Code reads (paths), not Antigravity's guess (always_on)", async () => {
    const run = await runImport(linked);
    assert.equal(run.status, 0, run.stderr);
    const rule = (name: string) => readFileSync(join(run.out, "core", "rules", `${name}.md`), "utf8");
    assert.match(rule("api-handlers"), /^---\ntrigger: glob\nglobs:\n {2}- src\/api\/\*\*\/\*\.ts\n/);
    assert.match(
      rule("migrations"),
      /^---\ntrigger: glob\nglobs:\n {2}- db\/migrations\/\*\*\n {2}- db\/schema\.sql\n/,
    );
    assert.match(rule("reviews"), /^---\ntrigger: always_on\n/);
    const targets = JSON.parse(readFileSync(join(run.out, "targets.json"), "utf8"));
    assert.deepEqual(targets.project_links, {
      ".claude/agents": ".agents/agents",
      ".claude/rules": ".agents/rules",
      ".claude/skills": ".agents/skills",
    });
    const said = run.json.diagnostics.filter((d) => d.file === ".agents/rules/api-handlers.md");
    assert.deepEqual(
      said.map((d) => `${d.severity} ${d.id} ${d.message}`),
      [
        "info AGC128 .agents/rules/api-handlers.md is read by Claude Code and Antigravity, one of them through the project's link .claude/rules, and only Claude Code recognises its load condition: imported as glob, as Claude Code loads it; once the rule is edited, the build writes Antigravity's fields for it beside Claude Code's, and Antigravity loads it so too",
      ],
    );
    const guessed = run.json.diagnostics.filter((d) =>
      /no load condition|has no neutral equivalent/.test(d.message),
    );
    assert.deepEqual(guessed, [], "nothing of the files is left out");
  });

  it("a skill in .agents/skills, which .claude/skills leads to, is the found assistants' with Claude Code's fields", async () => {
    const run = await runImport(linked);
    assert.equal(run.status, 0, run.stderr);
    const skill = readFileSync(join(run.out, "core", "skills", "release-notes", "SKILL.md"), "utf8");
    assert.match(skill, /^argument_hint: "\[tag\]"$/m, "Claude Code's argument-hint, read through the link");
    assert.match(
      skill,
      /^ {2}- antigravity$/m,
      "written for Antigravity, whose folder it is, not only for Amp",
    );
    const targets = JSON.parse(readFileSync(join(run.out, "targets.json"), "utf8"));
    assert.equal(targets.project_links[".claude/skills"], ".agents/skills");
    assert.deepEqual(
      run.json.diagnostics.filter((d) => d.severity !== "info").map((d) => d.message),
      [],
      "no field said to be left out, no file said to be written by no chosen assistant",
    );
  });

  it("an agent in .agents/agents, which .claude/agents leads to, keeps Claude Code's tools and model", async () => {
    const run = await runImport(linked);
    assert.equal(run.status, 0, run.stderr);
    const agent = readFileSync(join(run.out, "core", "agents", "reviewer.md"), "utf8");
    assert.match(
      agent,
      /^tools:\n {2}- read\n {2}- grep\n {2}- glob\nmodel: sonnet\nclients:\n {2}- antigravity\n/m,
    );
  });

  it("a field of one assistant's own copy of a skill is still said to be left out when another copy lacks it", async () => {
    const body = "# Release notes\n\nName each issue.\n";
    const project = testdir({
      ".claude/skills/release-notes/SKILL.md": `---\nname: release-notes\ndescription: Drafts notes\n---\n${body}`,
      ".agents/skills/release-notes/SKILL.md": `---\nname: release-notes\ndescription: Drafts notes\nversion: "3"\n---\n${body}`,
      "AGENTS.md": "# Project\n",
    });
    const run = await runImport(project, "--from", "claude-code,codex");
    assert.equal(run.status, 0, run.stderr);
    const said = run.json.diagnostics.map((d) => d.message);
    assert.ok(
      said.some((m) =>
        /"version" of \.agents\/skills\/release-notes\/SKILL\.md has no neutral equivalent/.test(m),
      ),
      said.join("\n"),
    );
  });

  it("a file neither assistant reads a condition in is still said to be left out", async () => {
    const project = testdir({
      ".agents/rules/odd.md": "---\nwhen: sometimes\n---\n# Odd\n\nA rule.\n",
      "AGENTS.md": "# Project\n",
    });
    const run = await runImport(project, "--from", "antigravity");
    assert.equal(run.status, 0, run.stderr);
    const said = run.json.diagnostics.filter((d) => d.file === ".agents/rules/odd.md").map((d) => d.message);
    assert.ok(
      said.some((m) => /no load condition Antigravity writes matches the frontmatter/.test(m)),
      said.join("\n"),
    );
    assert.ok(
      said.some((m) => /"when" of \.agents\/rules\/odd\.md has no neutral equivalent/.test(m)),
      said.join("\n"),
    );
  });
});

describe("items read only through a folder link of the project (SyntheticGoop/oc-agentic)", () => {
  it("are not imported, and nothing is said of their fields or of the build leaving them out: only the link", async () => {
    const project = testdir({
      "AGENTS.md": "# Project\n\nUse tabs.\n",
      "prompts/agent/reviewer.md":
        "---\ndescription: Reviews changes\nmodel: some-model\ntemperature: 0.1\nmode: subagent\n---\nReview the diff.\n",
    });
    mkdirSync(join(project, ".opencode"));
    symlinkSync("../prompts/agent", join(project, ".opencode", "agent"));
    const run = await runImport(project);
    assert.equal(run.status, 0, run.stderr);
    const said = run.json.diagnostics
      .filter((d) => d.file === ".opencode/agent/reviewer.md")
      .map((d) => `${d.severity} ${d.id} ${d.message}`);
    assert.deepEqual(said, [
      "info AGC128 .opencode/agent/reviewer.md is reached through a symbolic link of the project: the link stays as it is, and reviewer is not imported from it",
      "info AGC129 the build of the imported registry writes no .opencode/agent/reviewer.md: it is reached only through a link of the project, which stays as it is (reported above), so it stays the project's file and its assistant reads it as before",
    ]);
    assert.ok(!run.json.files.some((f) => f.startsWith("core/agents/")), "no agent imported");
  });

  it("a skill folder linked from two assistants' folders: each of its files is only the link's, its fields unreported, however many readers share the place (AIArmada/majlisilmu)", async () => {
    const project = testdir({
      "AGENTS.md": "# Project\n\nUse tabs.\n",
      ".github/copilot-instructions.md": "# Project\n\nUse tabs.\n",
      ".codex/config.toml": 'approval_policy = "on-request"\n',
      ".ai/skills/migrations/SKILL.md":
        "---\nname: migrations\ndescription: Writes database migrations\nversion: 2\n---\nOne change per file.\n",
      ".ai/skills/migrations/references/naming.md": "Name them by date.\n",
    });
    for (const place of [".agents/skills", ".github/skills"]) {
      mkdirSync(join(project, place), { recursive: true });
      symlinkSync("../../.ai/skills/migrations", join(project, place, "migrations"));
    }
    const run = await runImport(project);
    assert.equal(run.status, 0, run.stderr);
    const said = run.json.diagnostics
      .filter((d) => d.file.includes("skills/migrations/"))
      .map((d) => `${d.severity} ${d.id} ${d.file}`);
    assert.deepEqual(said.sort(), [
      "info AGC128 .agents/skills/migrations/SKILL.md",
      "info AGC129 .agents/skills/migrations/SKILL.md",
      "info AGC129 .agents/skills/migrations/references/naming.md",
      "info AGC129 .github/skills/migrations/SKILL.md",
      "info AGC129 .github/skills/migrations/references/naming.md",
    ]);
    const kept = run.json.diagnostics.filter(
      (d) => d.id === "AGC129" && d.file.includes("skills/migrations/"),
    );
    for (const d of kept) assert.match(d.message, /it is reached only through a link of the project/);
    assert.ok(!run.json.files.some((f) => f.startsWith("core/skills/")), "no skill imported");
  });
});

describe("an always-on file that is a link through another link to a rule file (daoch4n/mcp-devtools)", () => {
  it("is said to stay a link while the build writes the same text, which agentc install leaves as it is", async () => {
    const fixtureChain = join(packageRoot, "test", "fixtures", "adoption", "62-agents-md-link-chain");
    const run = await runImport(fixtureChain);
    assert.equal(run.status, 0, run.stderr);
    const said = run.json.diagnostics.filter((d) => d.file === "AGENTS.md" && d.id === "AGC129");
    assert.deepEqual(
      said.map((d) => `${d.severity} ${d.message}`),
      [
        "info AGENTS.md is a link to .agent/rules/reviewer.md; the build writes it as a file of the same text, so agentc install leaves the link as it is while the two agree",
      ],
    );
  });
});

describe("a text the project loaded twice before import, found again in the imported registry's build", () => {
  it("is placed at its entry in the registry's native.json, which the hint names, not in agentc's pack data", async () => {
    const fixtureChain = join(packageRoot, "test", "fixtures", "adoption", "62-agents-md-link-chain");
    const run = await runImport(fixtureChain);
    assert.equal(run.status, 0, run.stderr);
    const build = await runAgentc([
      "build",
      run.out,
      "--out",
      join(run.out, "..", "build"),
      "--format",
      "json",
    ]);
    const twice = (
      JSON.parse(build.stdout) as { diagnostics: { id: string; file: string; message: string }[] }
    ).diagnostics.filter((d) => d.id === "AGC151");
    assert.ok(twice.length > 0, build.stdout);
    for (const d of twice) assert.equal(d.file, "native.json", `${d.file}: ${d.message}`);
  });
});
