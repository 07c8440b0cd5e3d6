import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { compileRegistry } from "../../src/pipeline/compile.js";
import { packageRoot } from "../../src/shared/package-paths.js";
import { runImport } from "../support/import-run.js";
import { testdir } from "../support/testdir.js";

/**
 * A Claude Code command's `allowed-tools` pre-approves rules while the command runs, as a skill's does: core
 * commands carry them as `permissions.allow`, the claude-code pack writes them back (`command_format.
 * allow_field`), and a client without a per-command list reports each. Found on 9mak/oneco, whose eleven
 * commands all have one.
 * The adoption corpus (test/import/adoption-corpus.test.ts) holds its round trip to the identity.
 */
const project = join(packageRoot, "test", "fixtures", "adoption", "65-claude-command-allowed-tools");

describe("a command's pre-approved tools", () => {
  it("are imported as permissions.allow; a name that is no tool of the pack is named, not imported", async () => {
    const run = await runImport(project);
    assert.equal(run.status, 0, run.stderr);
    const text = readFileSync(join(run.out, "core/commands/release.md"), "utf8");
    assert.match(
      text,
      /permissions:\n {2}allow:\n {4}- Exec\(git tag\)\n {4}- Exec\(git push\)\n {4}- read\n/,
    );
    const said = run.json.diagnostics.map((d: { message: string }) => d.message);
    assert.ok(
      said.some((m: string) => /"LS" in "allowed-tools" of \.claude\/commands\/release\.md/.test(m)),
      said.join("\n"),
    );
    assert.ok(!said.some((m: string) => /"allowed-tools" .*has no neutral equivalent/.test(m)));
  });

  it("are written to allowed-tools for Claude Code and reported for a client without such a list", async () => {
    const registry = testdir({
      "sources.json": JSON.stringify({ version: 1, sources: [] }),
      "targets.json": JSON.stringify({
        version: 1,
        targets: [],
        builtin_clients: ["claude-code", "gemini-cli"],
      }),
      "core/commands/release.md":
        "---\ndescription: Tag the release\npermissions:\n  allow: [Exec(git tag), read]\n---\nTag v$ARGUMENTS.\n",
    });
    const result = await compileRegistry(registry, { offline: true });
    assert.ok(result.ok, JSON.stringify(result.diagnostics, null, 1));
    const file = result.tree?.files.find((f) => f.path === ".claude/commands/release.md");
    assert.match(
      file?.bytes.toString("utf8") ?? "",
      /allowed-tools:\n {2}- "Bash\(git tag:\*\)"\n {2}- "PowerShell\(git tag:\*\)"\n {2}- "Read"\n/,
    );
    const rows = (result.tree?.capabilities ?? []).filter((row) =>
      /^command \/release may use/.test(row.promise),
    );
    const cannot = rows.filter((row) => row.client === "gemini-cli").map((row) => row.enforcement);
    assert.deepEqual(cannot, ["cannot", "cannot"], JSON.stringify(rows, null, 1));
    const claude = rows.filter((row) => row.client === "claude-code").map((row) => row.enforcement);
    assert.deepEqual(claude, ["enforced", "enforced"]);
  });
});
