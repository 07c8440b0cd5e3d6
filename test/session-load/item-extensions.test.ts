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
