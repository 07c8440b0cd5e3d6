import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { packageRoot } from "../../src/shared/package-paths.js";
import { runImport } from "../support/import-run.js";

/**
 * OpenCode reads agents and commands from .opencode/agents and .opencode/commands as well as from the singular
 * folders the build writes (measured, clients/opencode.json facts). Import read only the singular ones, so a
 * project keeping its agents and commands in the plural folders (HaoNgo232/agent-bridge: 21 agents, 10
 * commands) had them left out without a word; `agentc status` then listed each as "the project's own agent …,
 * read by OpenCode beside agentc's". The pack's also_reads names the plural folders, and import reads them.
 */
const fixture = join(packageRoot, "test", "fixtures", "adoption", "54-opencode-plural-folders");

describe("the other spellings of a client's item folders", () => {
  it("are read, and their files kept as the client's own copies", async () => {
    const run = await runImport(fixture);
    assert.equal(run.status, 0, run.stderr);
    assert.ok(run.json.assistants.includes("opencode"), run.json.assistants.join(", "));
    for (const file of ["core/agents/migration-reviewer.md", "core/commands/changelog.md"])
      assert.ok(run.json.files.includes(file), run.json.files.join("\n"));
    const index = JSON.parse(readFileSync(join(run.out, "native.json"), "utf8")) as {
      files: { path: string; component: string }[];
    };
    for (const path of [".opencode/agents/migration-reviewer.md", ".opencode/commands/changelog.md"])
      assert.ok(
        index.files.some((f) => f.path === path && f.component === "opencode"),
        JSON.stringify(index.files),
      );
  });

  it("so are the other spellings Codex, Cline, Kilo and OpenCode read for skills, agents and commands", async () => {
    const other = join(packageRoot, "test", "fixtures", "adoption", "55-other-item-folder-spellings");
    const run = await runImport(other);
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual([...run.json.assistants].sort(), ["agents-md", "cline", "codex", "kilo", "opencode"]);
    for (const file of [
      "core/skills/lint-fix/SKILL.md",
      "core/skills/pr-notes/SKILL.md",
      "core/skills/triage/SKILL.md",
      "core/skills/bench-compare/SKILL.md",
      "core/skills/deps/SKILL.md",
      "core/agents/bench-review.md",
      "core/commands/bench-exporter.md",
    ])
      assert.ok(run.json.files.includes(file), `${file}\n${run.json.files.join("\n")}`);
    assert.deepEqual(
      run.json.diagnostics.filter((d) => d.severity !== "info"),
      [],
    );
  });

  it("a rule folder the client also reads is read with its sub-folders where the read model says so", async () => {
    // Devin Desktop / Windsurf loads .windsurf/rules/backend/errors.md (its reads name .windsurf/rules, not top
    // level only); import read that folder's top level only and passed the sub-folders over without a word
    const run = await runImport(
      join(packageRoot, "test", "fixtures", "adoption", "56-windsurf-rules-subfolder"),
    );
    assert.equal(run.status, 0, run.stderr);
    assert.ok(run.json.assistants.includes("windsurf"), run.json.assistants.join(", "));
    for (const file of [
      "core/rules/review.md",
      "core/rules/backend-errors.md",
      "core/rules/frontend-stores.md",
    ])
      assert.ok(run.json.files.includes(file), run.json.files.join("\n"));
  });
});
