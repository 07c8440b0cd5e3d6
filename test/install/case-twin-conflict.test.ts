import assert from "node:assert/strict";
import { readFileSync, renameSync } from "node:fs";
import { join } from "node:path";
import { before, describe, it } from "node:test";
import { exampleBuild } from "../support/example-build.js";
import { treeHash } from "../support/project-tree-hash.js";
import { runAgentc } from "../support/run-cli.js";
import { testdir } from "../support/testdir.js";

/**
 * A project holding agents.md (or a .Claude folder) where the bundle writes AGENTS.md (.claude/…): on Linux the
 * install wrote the second name beside the first, and the repository then held two entries that macOS and
 * Windows cannot check out side by side (one overwrites the other in the working tree). On those systems the two
 * are one entry, the person's. The install now refuses before writing anything, naming each such entry and the
 * rename; renamed, the person's file is composed into as any AGENTS.md is, and uninstall gives every byte back.
 */
describe("a project entry that differs from a bundle path only in case", () => {
  let build: string;
  before(async () => {
    build = await exampleBuild();
  });
  const project = () =>
    testdir({
      "agents.md": "# Service\n\nRun `make check` before pushing.\n",
      ".Claude/settings.json": '{\n  "model": "opus"\n}\n',
    });

  it("is a conflict, once per entry, and nothing is written", async () => {
    const dir = project();
    const original = treeHash(dir);
    const run = await runAgentc(["install", build, "--project", dir, "--yes"]);
    assert.equal(run.status, 1, run.stdout);
    const said = `${run.stdout}${run.stderr}`;
    assert.match(said, /2 conflicts; nothing was written:/);
    for (const [twin, place] of [
      ["agents.md", "AGENTS.md"],
      [".Claude", ".claude"],
    ]) {
      const problem = `  ${place}: would be a second name for ${twin}: where file names ignore case (macOS, Windows) the two are one, and a project holding both cannot be checked out there`;
      assert.equal(said.split(problem).length, 2, `said once: ${problem}\n${said}`);
      assert.ok(
        said.includes(
          `    hint: rename ${twin} to ${place} (git mv ${twin} ${place}), or move it away, then install again`,
        ),
        said,
      );
    }
    assert.deepEqual(treeHash(dir), original);
  });

  it("renamed as the hint says, the install composes into the person's file and uninstall restores the tree", async () => {
    const dir = project();
    renameSync(join(dir, "agents.md"), join(dir, "AGENTS.md"));
    renameSync(join(dir, ".Claude"), join(dir, ".claude"));
    const original = treeHash(dir);
    const run = await runAgentc(["install", build, "--project", dir, "--yes"]);
    assert.equal(run.status, 0, `${run.stdout}${run.stderr}`);
    const agents = readFileSync(join(dir, "AGENTS.md"), "utf8");
    assert.ok(agents.startsWith("# Service\n\nRun `make check` before pushing.\n"), agents);
    assert.match(agents, /agentc:begin/);
    const uninstall = await runAgentc(["uninstall", "--project", dir, "--yes"]);
    assert.equal(uninstall.status, 0, `${uninstall.stdout}${uninstall.stderr}`);
    assert.deepEqual(treeHash(dir), original);
  });
});
