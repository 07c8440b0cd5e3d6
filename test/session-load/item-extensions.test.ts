import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { runAgentc } from "../support/run-cli.js";
import { testdir } from "../support/testdir.js";

/**
 * VS Code takes any .md file directly in .github/agents as an agent of its name, README.md excepted, besides
 * the <name>.agent.md files the Copilot CLI lists (the pack's `top_level_extension`).
 */
describe("an item folder's wider extension at its top level", () => {
  it("names .github/agents/<name>.md an agent of GitHub Copilot, not its README or a .md in a sub-folder", async () => {
    const agent = "---\ndescription: Reviews a change.\n---\nReview it.\n";
    const project = testdir({
      ".github/agents/reviewer.md": agent,
      ".github/agents/planner.agent.md": agent,
      ".github/agents/README.md": "# Agents\n",
      ".github/agents/team/notes.md": "Notes.\n",
      ".github/agents/team/writer.agent.md": agent,
    });
    const run = await runAgentc(["loads", project, "--clients", "github-copilot", "--format", "json"]);
    assert.equal(run.status, 0, run.stderr);
    const copilot = JSON.parse(run.stdout).clients.find(
      (c: { client: string }) => c.client === "github-copilot",
    );
    const agents = copilot.onDemand
      .filter((item: { kind: string }) => item.kind === "agent")
      .map((item: { name: string; path: string }) => `${item.name} ${item.path}`);
    assert.deepEqual(agents.sort(), [
      "planner .github/agents/planner.agent.md",
      "reviewer .github/agents/reviewer.md",
      "writer .github/agents/team/writer.agent.md",
    ]);
  });
});

/**
 * Kiro CLI's agents are JSON configs in .kiro/agents, beside the IDE's Markdown agents that agentc writes
 * (formats.md §9): found on HaoNgo232/agent-bridge, where lint called all 21 unread and import said Kiro reads
 * only .md files there.
 */
describe("a second form of one item folder", () => {
  const project = () =>
    testdir({
      ".kiro/agents/backend.json": JSON.stringify({
        name: "backend",
        description: "Backend work.",
        prompt: "Build APIs.",
      }),
      ".kiro/agents/reviewer.md": "---\ndescription: Reviews a change.\n---\nReview it.\n",
      ".kiro/steering/product.md": "# Product\n\nA ledger.\n",
    });

  it("is loaded as the client's agent, and lint does not call it unread", async () => {
    const root = project();
    const run = await runAgentc(["loads", root, "--clients", "kiro", "--format", "json"]);
    const kiro = JSON.parse(run.stdout).clients.find((c: { client: string }) => c.client === "kiro");
    const agents = kiro.onDemand
      .filter((item: { kind: string }) => item.kind === "agent")
      .map((item: { name: string; path: string }) => `${item.name} ${item.path}`);
    assert.deepEqual(agents.sort(), [
      "backend .kiro/agents/backend.json",
      "reviewer .kiro/agents/reviewer.md",
    ]);
    const lint = await runAgentc(["lint", root, "--format", "json"]);
    assert.deepEqual(
      JSON.parse(lint.stdout).diagnostics.filter((d: { id: string }) => d.id === "AGC208"),
      [],
    );
  });

  it("is left to the project by import, said as an info, not as a file its client does not read", async () => {
    const run = await runAgentc(["import", project(), "--out", `${testdir({})}/reg`, "--format", "json"]);
    assert.equal(run.status, 0, run.stderr);
    const said = JSON.parse(run.stdout).diagnostics.filter(
      (d: { file: string }) => d.file === ".kiro/agents/backend.json",
    );
    assert.deepEqual(
      said.map((d: { severity: string; message: string }) => `${d.severity} ${d.message}`),
      [
        "info .kiro/agents/backend.json is a form Kiro reads in .kiro/agents that agentc does not import (its read model's .json files): it stays the project's own file, read as before",
      ],
    );
  });
});
