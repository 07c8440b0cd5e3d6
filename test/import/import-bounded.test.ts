import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { importProjects, runImport } from "../support/import-run.js";
import { copyOf } from "../support/install-fixture.js";

const deep = (n: number) => `${"[".repeat(n)}${"]".repeat(n)}`;

describe("agentc import of hostile native files (real CLI): a diagnostic for each, never an internal error", () => {
  it("refuses .mcp.json, .claude/settings.json and .gemini/settings.json nested 100,000 deep (AGC127), and imports the rest", async () => {
    const project = copyOf(join(importProjects, "mixed"));
    writeFileSync(
      join(project, ".mcp.json"),
      `{"mcpServers": {"x": {"command": "a", "args": ${deep(100_000)}}}}\n`,
    );
    writeFileSync(
      join(project, ".claude/settings.json"),
      `// "\n{"permissions": {"deny": ${deep(100_000)}}}\n`,
    );
    const run = await runImport(project);
    assert.equal(run.status, 0, run.stderr);
    assert.doesNotMatch(run.stderr, /internal error/);
    const refused = run.json.diagnostics
      .filter((d) => d.id === "AGC127")
      .map((d) => `${d.file}:${d.line}:${d.column} ${d.message}`);
    assert.deepEqual(refused, [
      ".claude/settings.json:2:88 .claude/settings.json: JSON nested more than 64 levels deep",
      ".mcp.json:1:108 .mcp.json: JSON nested more than 64 levels deep",
    ]);
    assert.ok(run.json.files.length > 0, "the other files are imported");
  });

  it("refuses a Codex config.toml nested by a dotted key and a Gemini settings file nested by arrays", async () => {
    const codex = copyOf(join(importProjects, "codex"));
    writeFileSync(join(codex, ".codex/config.toml"), `model = "x"\ndeep${".k".repeat(100_000)} = 1\n`);
    const gemini = copyOf(join(importProjects, "gemini-cli"));
    writeFileSync(join(gemini, ".gemini/settings.json"), `{"mcpServers": ${deep(100_000)}}\n`);
    for (const [project, file, line] of [
      [codex, ".codex/config.toml", 2],
      [gemini, ".gemini/settings.json", 1],
    ] as const) {
      const run = await runImport(project);
      assert.equal(run.status, 0, run.stderr);
      const found = run.json.diagnostics.find((d) => d.id === "AGC127" && d.file === file);
      assert.match(found?.message ?? "", /nested more than 64 levels deep/);
      assert.equal(found?.line, line);
    }
  });

  it("shortens a native rule name near the 255-byte limit instead of failing to write it", async () => {
    const project = copyOf(join(importProjects, "cursor"));
    writeFileSync(
      join(project, `.cursor/rules/${"n".repeat(248)}.mdc`),
      "---\nalwaysApply: true\n---\n# Long\n\nText.\n",
    );
    const run = await runImport(project);
    assert.doesNotMatch(run.stderr, /internal error|ENAMETOOLONG/);
    assert.equal(run.status, 0, run.stderr);
    const long = run.json.files.find((f) => f.includes("nnnn"));
    assert.ok(long && Buffer.byteLength(long.split("/").at(-1) ?? "") <= 255, long);
  });
});
