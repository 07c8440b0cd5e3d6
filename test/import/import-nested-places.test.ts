import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { type ImportJson, runImport } from "../support/import-run.js";
import { runAgentc } from "../support/run-cli.js";
import { testdir } from "../support/testdir.js";

const skill = (name: string, what: string) =>
  `---\nname: ${name}\ndescription: ${what}\n---\n\n# ${name}\n\nSteps for ${what.toLowerCase()}\n`;
const agent = (name: string) =>
  `---\nname: ${name}\ndescription: Reviews ${name} changes.\n---\n\nYou review.\n`;
const command = (what: string) => `description = "${what}"\nprompt = """\n${what} for {{args}}.\n"""\n`;

/**
 * The native places the clients read below their folders (issue 29: nested Copilot skills were "no SKILL.md",
 * .gemini/skills and nested Gemini commands were dropped without a word): a file is imported when its client
 * loads it, and reported at its path when it does not, never passed over. Each client's reading is measured
 * (clients/*.json verified item-subfolders).
 */
const project = {
  "AGENTS.md": "# Shop\n\nPrices are integer cents.\n",
  // Copilot finds a skill at any depth and agents in sub-folders.
  ".github/copilot-instructions.md": "# Copilot\n\nPrefer small pull requests.\n",
  ".github/skills/testing/load-tests/SKILL.md": skill("load-tests", "Load testing the checkout."),
  ".github/skills/release-notes/SKILL.md": skill("release-notes", "Writing release notes."),
  ".github/agents/backend/api-reviewer.agent.md": agent("api-reviewer"),
  // Gemini reads .gemini/skills (one level), namespaces commands by folder, and agents at the top level.
  "GEMINI.md": "# Gemini\n\nAnswer briefly.\n",
  ".gemini/skills/migrations/SKILL.md": skill("migrations", "Writing database migrations."),
  ".gemini/skills/ops/rollback/SKILL.md": skill("rollback", "Rolling back a deploy."),
  ".gemini/commands/git/squash.toml": command("Squash the branch"),
  ".gemini/commands/triage.toml": command("Triage an issue"),
  ".gemini/agents/infra/planner.md": agent("planner"),
  // Instruction files of sub-folders: read by their clients for that folder, not carried by the registry.
  "packages/api/AGENTS.md": "# API\n\nEvery handler validates its input.\n",
  "packages/web/GEMINI.md": "# Web\n\nUse the design tokens.\n",
};

function at(json: ImportJson, file: string): string[] {
  return json.diagnostics.filter((d) => d.file === file).map((d) => `${d.severity} ${d.message}`);
}

describe("agentc import: items in sub-folders are imported where the client loads them, reported where not", () => {
  it("imports nested Copilot skills and agents, .gemini/skills and namespaced Gemini commands", async () => {
    const root = testdir(project);
    const run = await runImport(root, "--from", "github-copilot,gemini-cli");
    assert.equal(run.status, 0, run.stderr);
    const core = (path: string) => existsSync(join(run.out, "core", path));
    assert.ok(core("skills/load-tests/SKILL.md"), "Copilot's .github/skills/testing/load-tests");
    assert.ok(core("skills/release-notes/SKILL.md"));
    assert.ok(core("agents/api-reviewer.md"), "Copilot's .github/agents/backend/api-reviewer.agent.md");
    assert.ok(core("skills/migrations/SKILL.md"), "Gemini's .gemini/skills/migrations");
    assert.match(readFileSync(join(run.out, "core/commands/git-squash.md"), "utf8"), /Squash the branch/);
    assert.ok(core("commands/triage.md"));
    assert.deepEqual(run.after, run.before, "import wrote nothing into the project");
  });

  it("reports, at its path, each item its client does not load and each instruction file of a sub-folder", async () => {
    const root = testdir(project);
    const run = await runImport(root, "--from", "github-copilot,gemini-cli");
    const { json } = run;
    assert.ok(
      !existsSync(join(run.out, "core/skills/rollback")),
      "Gemini loads no skill in a category folder",
    );
    assert.match(
      at(json, ".gemini/skills/ops/rollback/SKILL.md").join("\n"),
      /^warning .*sub-folder, which Gemini CLI does not load/m,
    );
    assert.ok(!existsSync(join(run.out, "core/agents/planner.md")));
    assert.match(
      at(json, ".gemini/agents/infra/planner.md").join("\n"),
      /^warning .*sub-folder: Gemini CLI's read model names \.gemini\/agents\/<name>\.md only/m,
    );
    assert.match(
      at(json, ".gemini/commands/git/squash.toml").join("\n"),
      /^info .*portable name "git-squash"/m,
    );
    for (const nested of ["packages/api/AGENTS.md", "packages/web/GEMINI.md"])
      assert.match(
        at(json, nested).join("\n"),
        /^warning .*instruction file of packages\/\w+\/.*not imported/m,
        nested,
      );
    assert.equal(at(json, ".github/skills/testing").length, 0, "no 'has no SKILL.md' for a category folder");
  });

  it("reports a sub-folder's rule folder (a monorepo app's .cursor/rules) once, and leaves it the project's", async () => {
    const root = testdir({
      "AGENTS.md": "# Shop\n\nPrices are integer cents.\n",
      "apps/web/.cursor/rules/components.mdc": "---\nglobs: src/**/*.tsx\n---\n\nUse the design tokens.\n",
      "apps/web/.cursor/rules/forms/validation.mdc": "---\nalwaysApply: true\n---\n\nValidate on blur.\n",
    });
    const run = await runImport(root);
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(at(run.json, "apps/web/.cursor/rules"), [
      "warning apps/web/.cursor/rules/ holds rules of a sub-folder (2 files): the registry carries the rule folders at the project's root only, so they are not imported and stay the project's own files",
    ]);
    assert.equal(
      at(run.json, "apps/web/.cursor/rules/components.mdc").length,
      0,
      "one finding for the folder",
    );
    assert.deepEqual(run.after, run.before, "import wrote nothing into the project");
  });

  it("names Gemini CLI as found by its .gemini/skills alone", async () => {
    const root = testdir({
      ".gemini/skills/migrations/SKILL.md": project[".gemini/skills/migrations/SKILL.md"],
    });
    const run = await runImport(root);
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(run.json.assistants, ["gemini-cli"]);
    assert.ok(existsSync(join(run.out, "core/skills/migrations/SKILL.md")));
  });

  it("reports the files of another format in a command or agent folder, one report line for all of them", async () => {
    const root = testdir({
      ".gemini/commands/triage.toml": project[".gemini/commands/triage.toml"],
      ".gemini/commands/README.md": "# Commands\n\nEach .toml file is a slash command.\n",
      ".gemini/commands/deploy.md": "---\ndescription: Deploy\n---\nDeploy the app.\n",
      ".gemini/commands/.gitkeep": "",
      ".claude/agents/notes.txt": "Agents to write: a migration reviewer.\n",
      ".claude/agents/reviewer.md": agent("reviewer"),
    });
    const run = await runImport(root, "--from", "gemini-cli,claude-code");
    assert.equal(run.status, 0, run.stderr);
    for (const path of [".gemini/commands/README.md", ".gemini/commands/deploy.md"])
      assert.deepEqual(at(run.json, path), [
        `warning ${path} is not a .toml file: Gemini CLI reads only <name>.toml files in .gemini/commands, so it is not imported`,
      ]);
    assert.match(
      at(run.json, ".claude/agents/notes.txt").join(""),
      /^warning .* is not a \.md file: Claude Code/,
    );
    assert.deepEqual(at(run.json, ".gemini/commands/.gitkeep"), [], "a hidden file is no finding");
    assert.ok(
      existsSync(join(run.out, "core/commands/triage.md")) &&
        existsSync(join(run.out, "core/agents/reviewer.md")),
    );
    const pretty = await runAgentc(["import", root, "--out", join(testdir(), "reg"), "--from", "gemini-cli"]);
    const lines = pretty.stdout.split("\n").filter((l) => l.includes("is not a .toml file"));
    assert.equal(lines.length, 1, pretty.stdout);
    assert.match(lines[0] ?? "", /\(2 places: /);
  });
});
