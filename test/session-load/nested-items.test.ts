import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { builtinClientPacks } from "../../src/clients/load-client-packs.js";
import type { ClientPack } from "../../src/clients/model.js";
import { memoryTree } from "../../src/session-load/project-tree.js";
import { sessionLoad } from "../../src/session-load/session-load.js";

function pack(client: string): ClientPack {
  const found = builtinClientPacks().find((c) => c.pack.client === client)?.pack;
  assert.ok(found, client);
  return found;
}

const tree = (paths: string[]) => memoryTree(paths.map((path) => ({ path, text: `text of ${path}\n` })));

/** The names each client lists items in sub-folders by, as measured (clients/*.json facts item-subfolders). */
function listed(client: string, paths: string[]): string[] {
  return sessionLoad(pack(client), tree(paths))
    .items.filter((item) => item.kind !== "rule")
    .map((item) => `${item.kind} ${item.name}`)
    .sort();
}

describe("session load: items in sub-folders, per client (fact item-subfolders)", () => {
  it("Copilot: a skill at any depth, the search stopping at a folder with a SKILL.md; agents by file name", () => {
    assert.deepEqual(
      listed("github-copilot", [
        ".github/skills/testing/load/SKILL.md",
        ".github/skills/outer/SKILL.md",
        ".github/skills/outer/inner/SKILL.md",
        ".github/agents/backend/api.agent.md",
      ]),
      ["agent api", "skill load", "skill outer"],
    );
  });

  it("Gemini CLI: no skill in a category folder, .gemini/skills read, commands namespaced, agents top level only", () => {
    assert.deepEqual(
      listed("gemini-cli", [
        ".gemini/skills/ops/rollback/SKILL.md",
        ".gemini/skills/migrations/SKILL.md",
        ".gemini/commands/git/squash.toml",
        ".gemini/agents/infra/planner.md",
      ]),
      ["command git:squash", "skill migrations"],
    );
  });

  it("Claude Code: no skill in a category folder; nested agents by file name, nested commands namespaced", () => {
    assert.deepEqual(
      listed("claude-code", [
        ".claude/skills/cat/deep/SKILL.md",
        ".claude/agents/sub/helper.md",
        ".claude/commands/grp/ship.md",
      ]),
      ["agent helper", "command grp:ship"],
    );
  });
});
