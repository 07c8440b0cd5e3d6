import assert from "node:assert/strict";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { runAgentc } from "../support/run-cli.js";
import { testdir } from "../support/testdir.js";

/**
 * Issue 31: for each assistant added there, `agentc init --assistants <id>`, a core/ with a skill, a
 * command, a scoped rule and an MCP server, then build and install write the files the vendor's docs name
 * (each path is the one cited in the pack's notes).
 */
interface Case {
  id: string;
  /** Project paths that must exist after install, with a text each must contain. */
  files: Record<string, string>;
}

const cases: Case[] = [
  {
    id: "amp",
    files: {
      "AGENTS.md": "Project",
      ".agents/skills/review/SKILL.md": "name: review",
      ".amp/settings.json": '"amp.mcpServers"',
    },
  },
  {
    id: "augment",
    files: {
      "AGENTS.md": "Project",
      ".augment/skills/review/SKILL.md": "name: review",
      ".augment/commands/ship.md": "Ship the change: $ARGUMENTS",
      ".augment/rules/testing.md": "type: agent_requested",
      ".augment/settings.json": '"mcpServers"',
    },
  },
  {
    id: "crush",
    files: {
      "AGENTS.md": "Project",
      ".agents/skills/review/SKILL.md": "name: review",
      ".crush/commands/ship.md": "Ship the change: $ARGUMENTS",
      "crush.json": '"mcp"',
    },
  },
  {
    id: "droid",
    files: {
      "AGENTS.md": "Project",
      ".factory/skills/review/SKILL.md": "name: review",
      ".factory/commands/ship.md": "Ship the change: $ARGUMENTS",
      ".factory/mcp.json": '"mcpServers"',
    },
  },
  {
    id: "kilo",
    files: {
      "AGENTS.md": "Project",
      ".kilo/skills/review/SKILL.md": "name: review",
      ".kilo/command/ship.md": "Ship the change: $ARGUMENTS",
      ".kilo/rules/testing.md": "Every test asserts real behaviour.",
      "kilo.json": '"mcp"',
    },
  },
  {
    id: "pi",
    files: {
      "AGENTS.md": "Project",
      ".pi/skills/review/SKILL.md": "name: review",
      ".pi/prompts/ship.md": "Ship the change: $ARGUMENTS",
    },
  },
  {
    id: "qwen-code",
    files: {
      "AGENTS.md": "Project",
      ".qwen/skills/review/SKILL.md": "name: review",
      ".qwen/commands/ship.md": "Ship the change: {{args}}",
      ".qwen/rules/testing.md": 'paths:\n  - "test/**/*.ts"',
      ".qwen/settings.json": '"mcpServers"',
    },
  },
];

function coreFiles(registry: string): void {
  const write = (path: string, text: string) => {
    mkdirSync(join(registry, path, ".."), { recursive: true });
    writeFileSync(join(registry, path), text);
  };
  write(
    "core/skills/review/SKILL.md",
    "---\nname: review\ndescription: Reviews the change.\n---\nReview it.\n",
  );
  write("core/commands/ship.md", "---\ndescription: Ships the change.\n---\nShip the change: $ARGUMENTS\n");
  write(
    "core/rules/testing.md",
    '---\ndescription: How tests are written.\ntrigger: glob\nglobs: ["test/**/*.ts"]\n---\n# Testing\n\nEvery test asserts real behaviour.\n',
  );
  write(
    "core/mcp.json",
    `${JSON.stringify({ version: 1, servers: { docs: { transport: "stdio", command: "npx", args: ["-y", "@example/docs-mcp"] } } }, null, 2)}\n`,
  );
}

describe("agentc init --assistants <id>, then build and install, for the assistants of issue 31", () => {
  for (const { id, files } of cases) {
    it(`${id}: writes the places its docs name`, async () => {
      const root = testdir({}, `agentc-init-${id}-`);
      const registry = join(root, "reg");
      const init = await runAgentc(["init", registry, "--assistants", id]);
      assert.equal(init.status, 0, init.stdout + init.stderr);
      assert.deepEqual(JSON.parse(readFileSync(join(registry, "targets.json"), "utf8")).assistants, [id]);
      coreFiles(registry);
      const out = join(root, "out");
      const built = await runAgentc(["build", registry, "--out", out]);
      assert.equal(built.status, 0, built.stdout + built.stderr);
      const project = testdir({ "src/app.ts": "export {};\n" });
      const installed = await runAgentc(["install", out, "--project", project, "--yes"]);
      assert.equal(installed.status, 0, installed.stdout + installed.stderr);
      for (const [path, text] of Object.entries(files)) {
        assert.ok(existsSync(join(project, path)), `${path} installed\n${installed.stdout}`);
        assert.ok(readFileSync(join(project, path), "utf8").includes(text), `${path} holds ${text}`);
      }
    });
  }
});
