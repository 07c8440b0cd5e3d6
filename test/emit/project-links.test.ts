import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { parse } from "yaml";
import { compileRegistry } from "../../src/pipeline/compile.js";
import { testdir } from "../support/testdir.js";

/**
 * targets.json project_links: the projects keep .claude/rules as a link to .agents/rules, so Claude Code reads
 * the rule files Antigravity's pack writes there. The build writes each with both packs' load fields, so that
 * each assistant loads it as the rule says (docs/registry.md, "Folders the projects link").
 */
function registry(links?: Record<string, string>): Record<string, string> {
  return {
    "sources.json": JSON.stringify({ version: 1, sources: [] }),
    "targets.json": JSON.stringify({
      version: 1,
      builtin_adapters: ["agents-md"],
      builtin_clients: ["antigravity", "claude-code"],
      ...(links ? { project_links: links } : {}),
      secret_guard: false,
    }),
    "core/rules/api-handlers.md":
      "---\ntrigger: glob\nglobs:\n  - src/api/**/*.ts\nclients:\n  - antigravity\n---\n# API handlers\n\nValidate every request body.\n",
    "core/rules/drafts.md":
      "---\ntrigger: model_decision\ndescription: When writing release notes\nclients:\n  - antigravity\n---\n# Drafts\n\nRelease notes name the issue.\n",
  };
}

async function build(files: Record<string, string>) {
  const result = await compileRegistry(testdir(files), { offline: true, sbom: false });
  assert.ok(result.tree, JSON.stringify(result.diagnostics, null, 1));
  const frontmatter = (path: string) => {
    const file = result.tree?.files.find((f) => f.path === path);
    assert.ok(file, `${path} is written`);
    return parse(file.bytes.toString("utf8").split("---\n")[1] ?? "");
  };
  return { result, frontmatter };
}

describe("targets.json project_links: rule files read through a link carry each reader's fields", () => {
  it("a rule Antigravity writes into .agents/rules also gets Claude Code's paths when .claude/rules leads there", async () => {
    const { result, frontmatter } = await build(registry({ ".claude/rules": ".agents/rules" }));
    assert.deepEqual(frontmatter(".agents/rules/api-handlers.md"), {
      trigger: "glob",
      globs: "src/api/**/*.ts",
      paths: ["src/api/**/*.ts"],
    });
    // Claude Code has no model-decided rules and writes no field for one: nothing is added
    assert.deepEqual(frontmatter(".agents/rules/drafts.md"), {
      trigger: "model_decision",
      description: "When writing release notes",
    });
    const undocumented = result.diagnostics.filter((d) => d.id === "AGC093");
    assert.deepEqual(
      undocumented,
      [],
      "paths is documented by the pack that reads the file through the link",
    );
    assert.equal(result.ok, true);
  });

  it("without the link, the file has Antigravity's fields alone", async () => {
    const { frontmatter } = await build(registry());
    assert.deepEqual(frontmatter(".agents/rules/api-handlers.md"), {
      trigger: "glob",
      globs: "src/api/**/*.ts",
    });
  });

  it("a link that leads to no chosen pack's rules folder adds nothing", async () => {
    const { frontmatter } = await build(registry({ ".claude/rules": "docs/rules" }));
    assert.deepEqual(Object.keys(frontmatter(".agents/rules/api-handlers.md")), ["trigger", "globs"]);
  });

  it("a link above the rules folder (.claude -> .agents) leads there too", async () => {
    const { frontmatter } = await build(registry({ ".claude": ".agents" }));
    assert.deepEqual(frontmatter(".agents/rules/api-handlers.md").paths, ["src/api/**/*.ts"]);
  });

  /** The frontmatter of `written` built from the core file `core`, with one link of the projects; no AGC093. */
  const throughLink = async (link: Record<string, string>, core: [string, string], written: string) => {
    const { result, frontmatter } = await build({ ...registry(link), [core[0]]: core[1] });
    assert.deepEqual(
      result.diagnostics.filter((d) => d.id === "AGC093"),
      [],
      "each field is documented by a pack that reads the file",
    );
    return frontmatter(written);
  };

  it("a skill Antigravity writes into .agents/skills also gets Claude Code's fields when .claude/skills leads there", async () => {
    const skill =
      '---\nname: release-notes\ndescription: Drafts release notes\nargument_hint: "[tag]"\ntriggers: [user]\nclients:\n  - antigravity\n---\n# Release notes\n\nName each issue.\n';
    const frontmatter = await throughLink(
      { ".claude/skills": ".agents/skills" },
      ["core/skills/release-notes/SKILL.md", skill],
      ".agents/skills/release-notes/SKILL.md",
    );
    assert.deepEqual(frontmatter, {
      name: "release-notes",
      description: "Drafts release notes",
      "argument-hint": "[tag]",
      "disable-model-invocation": true,
    });
  });

  it("an agent Antigravity writes into .agents/agents also gets Claude Code's tools and model when .claude/agents leads there", async () => {
    const agent =
      "---\nname: reviewer\ndescription: Reviews a change\ntools: [read, grep]\nmodel: sonnet\nclients:\n  - antigravity\n---\nReview the diff.\n";
    const frontmatter = await throughLink(
      { ".claude/agents": ".agents/agents" },
      ["core/agents/reviewer.md", agent],
      ".agents/agents/reviewer.md",
    );
    assert.deepEqual(frontmatter, {
      name: "reviewer",
      description: "Reviews a change",
      model: "sonnet",
      tools: "Read, Grep",
    });
  });

  it("a value that is no folder path is refused by the schema, with its place", async () => {
    const result = await compileRegistry(testdir(registry({ ".claude/rules": "/abs/rules" })), {
      offline: true,
      sbom: false,
    });
    assert.equal(result.ok, false);
    const found = result.diagnostics.find((d) => d.file === "targets.json" && d.severity === "error");
    assert.ok(found, JSON.stringify(result.diagnostics, null, 1));
    assert.match(found.message, /project_links/);
  });
});
