import assert from "node:assert/strict";
import { mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, it } from "node:test";
import { parse as parseJsonc } from "jsonc-parser";
import { runAgentc } from "../support/run-cli.js";
import { testdir } from "../support/testdir.js";

/** A core/ with one of each: a glob rule, a skill, a command, an MCP server, two hooks. */
const core: Record<string, string> = {
  "core/rules/api.md":
    "---\ntrigger: glob\nglobs: [src/api/**/*.ts]\ndescription: API conventions.\n---\nReturn typed errors.\n",
  "core/skills/review/SKILL.md": "---\nname: review\ndescription: Reviews the change.\n---\nReview it.\n",
  "core/commands/changelog.md":
    "---\ndescription: Drafts the changelog.\n---\nDraft the changelog from git log.\n",
  "core/mcp.json": `${JSON.stringify(
    {
      version: 1,
      servers: {
        docs: { transport: "http", url: "https://docs.example.com/mcp" },
        lint: { transport: "stdio", command: "npx", args: ["-y", "lint-mcp"] },
      },
    },
    null,
    2,
  )}\n`,
  "core/hooks.json": `${JSON.stringify(
    {
      version: 1,
      hooks: [
        { event: "session_start", command: "git status --short" },
        { event: "after_tool", verbs: ["edit"], command: "npx biome format --write ." },
      ],
    },
    null,
    2,
  )}\n`,
};

/** `agentc init --assistants <id>`, the core above, a build and an install: the installed project. */
async function installed(id: string): Promise<string> {
  const root = testdir({}, `agentc-${id}-init-`);
  const registry = join(root, "reg");
  const init = await runAgentc(["init", registry, "--assistants", id]);
  assert.equal(init.status, 0, init.stdout + init.stderr);
  assert.deepEqual(JSON.parse(readFileSync(join(registry, "targets.json"), "utf8")).assistants, [id]);
  for (const [path, text] of Object.entries(core)) {
    mkdirSync(dirname(join(registry, path)), { recursive: true });
    writeFileSync(join(registry, path), text);
  }
  const out = join(root, "out");
  const built = await runAgentc(["build", registry, "--out", out]);
  assert.equal(built.status, 0, built.stdout + built.stderr);
  const project = testdir({ "src/app.ts": "export {};\n" });
  const install = await runAgentc(["install", out, "--project", project, "--yes"]);
  assert.equal(install.status, 0, install.stdout + install.stderr);
  return project;
}

const text = (project: string, path: string): string => readFileSync(join(project, path), "utf8");
const json = (project: string, path: string): Record<string, unknown> =>
  parseJsonc(text(project, path)) as Record<string, unknown>;

describe("agentc init --assistants <id>, build, install: the files each vendor's docs name", () => {
  it("antigravity: .agents/rules with trigger, .agents/skills, .agents/workflows, hooks by name, serverUrl", async () => {
    const project = await installed("antigravity");
    assert.ok(text(project, "AGENTS.md").length > 0);
    assert.match(
      text(project, ".agents/rules/api.md"),
      /^---\ntrigger: glob\nglobs: src\/api\/\*\*\/\*\.ts\n---\n/,
    );
    assert.match(
      text(project, ".agents/skills/review/SKILL.md"),
      /^---\nname: review\ndescription: Reviews the change\.\n---\n/,
    );
    assert.match(
      text(project, ".agents/workflows/changelog.md"),
      /^---\ndescription: Drafts the changelog\.\n---\n/,
    );
    const mcp = json(project, ".agents/mcp_config.json") as {
      mcpServers: Record<string, Record<string, unknown>>;
    };
    assert.deepEqual(mcp.mcpServers.docs, { serverUrl: "https://docs.example.com/mcp" });
    assert.deepEqual(mcp.mcpServers.lint, { command: "npx", args: ["-y", "lint-mcp"] });
    const hooks = json(project, ".agents/hooks.json") as {
      agentc: Record<string, { matcher?: string; hooks: { command: string }[] }[]>;
    };
    assert.deepEqual(Object.keys(hooks.agentc), ["PostToolUse"]);
    assert.equal(
      hooks.agentc.PostToolUse?.[0]?.matcher,
      "write_to_file|replace_file_content|multi_replace_file_content",
    );
  });

  it("zed: .agents/skills and context_servers in .zed/settings.json", async () => {
    const project = await installed("zed");
    assert.ok(text(project, "AGENTS.md").length > 0);
    assert.match(text(project, ".agents/skills/review/SKILL.md"), /^---\nname: review\n/);
    const settings = json(project, ".zed/settings.json") as { context_servers: Record<string, unknown> };
    assert.deepEqual(settings.context_servers, {
      docs: { url: "https://docs.example.com/mcp" },
      lint: { command: "npx", args: ["-y", "lint-mcp"] },
    });
  });

  it("goose: .agents/skills and a hooks plugin in .agents/plugins/agentc with the guard on PreToolUse", async () => {
    const project = await installed("goose");
    assert.ok(text(project, "AGENTS.md").length > 0);
    assert.match(text(project, ".agents/skills/review/SKILL.md"), /^---\nname: review\n/);
    const hooks = json(project, ".agents/plugins/agentc/hooks/hooks.json") as {
      hooks: Record<string, { matcher?: string; hooks: { command: string; on_failure?: string }[] }[]>;
    };
    const guard = hooks.hooks.PreToolUse?.find((g) => g.hooks[0]?.command.includes("agentc-guard.mjs"));
    assert.equal(guard?.matcher, "developer__tree|developer__write|developer__edit|developer__shell");
    assert.equal(guard?.hooks[0]?.on_failure, "block");
    assert.ok(statSync(join(project, ".agents/plugins/agentc/hooks/agentc-guard.mjs")).mode & 0o100);
    assert.equal(hooks.hooks.SessionStart?.[0]?.hooks[0]?.command, "git status --short");
    assert.equal(hooks.hooks.PostToolUse?.[0]?.matcher, "developer__write|developer__edit");
  });

  it("gitlab-duo: skills/, .agents/commands, .gitlab/duo/mcp.json and a SessionStart hook", async () => {
    const project = await installed("gitlab-duo");
    assert.ok(text(project, "AGENTS.md").length > 0);
    assert.match(
      text(project, "skills/review/SKILL.md"),
      /^---\nname: review\ndescription: Reviews the change\.\n---\n/,
    );
    assert.match(
      text(project, ".agents/commands/changelog.md"),
      /^---\ndescription: Drafts the changelog\.\n---\n/,
    );
    const mcp = json(project, ".gitlab/duo/mcp.json") as { mcpServers: Record<string, unknown> };
    assert.deepEqual(mcp.mcpServers, {
      docs: { type: "http", url: "https://docs.example.com/mcp" },
      lint: { type: "stdio", command: "npx", args: ["-y", "lint-mcp"] },
    });
    const hooks = json(project, ".gitlab/duo/hooks.json") as {
      hooks: Record<string, { hooks: { command: string }[] }[]>;
    };
    assert.deepEqual(Object.keys(hooks.hooks), ["SessionStart"]);
    assert.equal(
      hooks.hooks.SessionStart?.[0]?.hooks[0]?.command,
      'cd "$DUO_PROJECT_DIR" && git status --short',
    );
  });
});
