import assert from "node:assert/strict";
import { appendFileSync, chmodSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { before, describe, it } from "node:test";
import { exampleBuild } from "../support/example-build.js";
import { treeHash } from "../support/project-tree-hash.js";
import { runAgentc } from "../support/run-cli.js";
import { testdir } from "../support/testdir.js";

/**
 * Issue 29, part 6: a person's file agentc composes into keeps its mode, and uninstall gives every byte back
 * (no final newline, CRLF, a BOM, text added above and below agentc's block); a file moved aside is named.
 */
describe("a person's file keeps its mode, and uninstall gives every byte back (issue 29, part 6)", () => {
  let build: string;
  before(async () => {
    build = await exampleBuild();
  });
  const mode = (path: string) => (statSync(path).mode & 0o777).toString(8);
  const install = async (project: string, ...flags: string[]) => {
    const run = await runAgentc(["install", build, "--project", project, "--yes", ...flags]);
    assert.equal(run.status, 0, `${run.stdout}${run.stderr}`);
  };
  const uninstall = async (project: string) => {
    const run = await runAgentc(["uninstall", "--project", project, "--yes"]);
    assert.equal(run.status, 0, `${run.stdout}${run.stderr}`);
    return run.stdout;
  };

  for (const [shape, text] of [
    ["no final newline", "# Mine\n\nMy line.\n- passing"],
    ["CRLF line ends", "# Mine\r\n\r\nMy line.\r\n"],
    ["a BOM", "\uFEFF# Mine\n\nMy line.\n"],
  ] as const)
    it(`${shape}: AGENTS.md 0600 and settings.json 0755 keep their modes; uninstall restores every byte`, async () => {
      const project = testdir({ "AGENTS.md": text, ".claude/settings.json": '{\n  "model": "opus"\n}\n' });
      chmodSync(join(project, "AGENTS.md"), 0o600);
      chmodSync(join(project, ".claude/settings.json"), 0o755);
      const original = treeHash(project);
      await install(project);
      assert.ok(readFileSync(join(project, "AGENTS.md"), "utf8").includes("agentc:begin"));
      assert.equal(mode(join(project, "AGENTS.md")), "600");
      assert.equal(mode(join(project, ".claude/settings.json")), "755");
      await uninstall(project);
      assert.deepEqual(treeHash(project), original);
    });

  it("a group-writable AGENTS.md (0664) keeps its mode through install and uninstall under umask 022", async () => {
    const project = testdir({ "AGENTS.md": "# Mine\n\nMy line.\n" });
    chmodSync(join(project, "AGENTS.md"), 0o664);
    const original = treeHash(project);
    const umask = process.umask(0o022);
    try {
      await install(project);
      assert.ok(readFileSync(join(project, "AGENTS.md"), "utf8").includes("agentc:begin"));
      assert.equal(mode(join(project, "AGENTS.md")), "664");
      await uninstall(project);
    } finally {
      process.umask(umask);
    }
    assert.equal(mode(join(project, "AGENTS.md")), "664");
    assert.deepEqual(treeHash(project), original);
  });

  it("a line added below the block of a file without a final newline stays a line of its own", async () => {
    const project = testdir({ "AGENTS.md": "# Mine\n\n- passing" });
    await install(project);
    appendFileSync(join(project, "AGENTS.md"), "- Locally added line.\n");
    const above = readFileSync(join(project, "AGENTS.md"), "utf8");
    writeFileSync(join(project, "AGENTS.md"), `Top line.\n${above}`);
    await uninstall(project);
    assert.equal(
      readFileSync(join(project, "AGENTS.md"), "utf8"),
      "Top line.\n# Mine\n\n- passing\n- Locally added line.\n",
    );
  });

  it("uninstall names the .agentc-old it leaves when agentc's copy there was edited", async () => {
    const rule = ".cursor/rules/test-files.mdc";
    const project = testdir({ [rule]: "---\nalwaysApply: true\n---\nmine\n" });
    await install(project, "--move-aside");
    appendFileSync(join(project, rule), "edited\n");
    const said = await uninstall(project);
    assert.match(said, /keep {9}\.cursor\/rules\/test-files\.mdc\.agentc-old \(your file, moved aside/);
    assert.equal(
      readFileSync(join(project, `${rule}.agentc-old`), "utf8"),
      "---\nalwaysApply: true\n---\nmine\n",
    );
  });
});
