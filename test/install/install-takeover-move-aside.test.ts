import assert from "node:assert/strict";
import {
  chmodSync,
  existsSync,
  lstatSync,
  readFileSync,
  readlinkSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { copyOf, install, makeBundle } from "../support/install-fixture.js";
import { fullTree, notLinux, runInstallSh, served, shells } from "../support/install-sh.js";
import { treeHash } from "../support/project-tree-hash.js";
import { runAgentc } from "../support/run-cli.js";
import { testdir } from "../support/testdir.js";

/**
 * Issue 29: a file agentc took over (the person's GEMINI.md, kept in .agentc/originals) whose path then holds a
 * link: the bundle makes it a link, or the person did. With and without --move-aside, the person's original and
 * whatever they put there since both survive, and uninstall gives the original back at its path.
 */
const mine = "# Mine\n";
const agents = { "AGENTS.md": "# Agents\n" };
const asFile = (text: string, version: string) =>
  makeBundle({ version, components: { c: { files: { ...agents, "GEMINI.md": text } } } });
const asLink = (version: string) =>
  makeBundle({ version, components: { c: { files: agents, symlinks: ["GEMINI.md :: AGENTS.md :: copy"] } } });

/** The person's GEMINI.md (0600), adopted by a first install and taken over by a second. */
async function takenOver(): Promise<{ project: string; original: Record<string, string> }> {
  const project = testdir({ ...agents, "GEMINI.md": mine });
  chmodSync(join(project, "GEMINI.md"), 0o600);
  const original = treeHash(project);
  assert.equal((await install(asFile(mine, "1.0.0"), project)).status, 0);
  const second = await install(asFile("# v2\n", "2.0.0"), project);
  assert.equal(second.status, 0, second.stdout + second.stderr);
  assert.equal(readFileSync(join(project, ".agentc/originals/GEMINI.md"), "utf8"), mine);
  return { project, original };
}

function entryOf(project: string, path: string): { kind: string; original?: unknown } | undefined {
  const record = JSON.parse(readFileSync(join(project, ".agentc/installed.json"), "utf8"));
  return record.entries.find((e: { path: string }) => e.path === path);
}

async function uninstall(project: string): Promise<string> {
  const gone = await runAgentc(["uninstall", "--project", project, "--yes"]);
  assert.equal(gone.status, 0, gone.stdout + gone.stderr);
  return gone.stdout;
}

describe("a taken-over file whose path becomes a link (issue 29)", () => {
  it("the bundle makes it a link: agentc's file gives way without a conflict; the original comes back on uninstall", async () => {
    const { project, original } = await takenOver();
    const next = await install(asLink("3.0.0"), project);
    assert.equal(next.status, 0, next.stdout + next.stderr);
    assert.equal(readlinkSync(join(project, "GEMINI.md")), "AGENTS.md");
    assert.equal(
      existsSync(join(project, "GEMINI.md.agentc-old")),
      false,
      "agentc's own file is not parked as the person's",
    );
    assert.deepEqual(entryOf(project, "GEMINI.md")?.original, {
      sha256: original["GEMINI.md"]?.split(" ")[2],
      executable: false,
    });
    assert.equal((await runAgentc(["status", "--project", project, "--check"])).status, 0);
    await uninstall(project);
    assert.deepEqual(treeHash(project), original);
  });

  it("the bundle makes it a link after the person edited it: a conflict; --move-aside parks the edit, uninstall gives both back", async () => {
    const { project, original } = await takenOver();
    writeFileSync(join(project, "GEMINI.md"), "# My edit\n");
    const refused = await install(asLink("3.0.0"), project);
    assert.notEqual(refused.status, 0);
    assert.match(refused.stdout + refused.stderr, /GEMINI\.md/);
    const next = await install(asLink("3.0.0"), project, "--move-aside");
    assert.equal(next.status, 0, next.stdout + next.stderr);
    assert.equal(readlinkSync(join(project, "GEMINI.md")), "AGENTS.md");
    assert.equal(readFileSync(join(project, "GEMINI.md.agentc-old"), "utf8"), "# My edit\n");
    const said = await uninstall(project);
    assert.equal(
      readFileSync(join(project, "GEMINI.md"), "utf8"),
      mine,
      "the person's original, back at its path",
    );
    assert.equal(lstatSync(join(project, "GEMINI.md")).mode & 0o777, 0o600);
    assert.equal(
      readFileSync(join(project, "GEMINI.md.agentc-old"), "utf8"),
      "# My edit\n",
      "their edit, beside it",
    );
    assert.match(said, /GEMINI\.md\.agentc-old/, "uninstall names the .agentc-old it leaves");
    assert.equal(existsSync(join(project, ".agentc")), false);
    unlinkSync(join(project, "GEMINI.md.agentc-old"));
    assert.deepEqual(treeHash(project), original);
  });

  for (const shell of notLinux ? [] : shells())
    it(`install.sh makes agentc's taken-over file a link as agentc install does, and agentc uninstall gives the original back (${shell.name})`, async () => {
      const { project, original } = await takenOver();
      const copy = copyOf(project);
      const site = await served(asLink("3.0.0"));
      const sh = await runInstallSh(shell, site.script, ["--project", project]);
      const node = await runAgentc(["install", site.url, "--project", copy, "--yes"]);
      assert.equal(sh.status, 0, sh.stdout + sh.stderr);
      assert.equal(node.status, 0, node.stdout + node.stderr);
      const recordText = (dir: string) => readFileSync(join(dir, ".agentc/installed.json"), "utf8");
      assert.equal(recordText(project), recordText(copy), "the same install record");
      assert.deepEqual(fullTree(project), fullTree(copy));
      assert.equal(readlinkSync(join(project, "GEMINI.md")), "AGENTS.md");
      await uninstall(project);
      assert.deepEqual(treeHash(project), original);
    });

  it("the person made it a link: --move-aside parks their link; uninstall gives the original back and leaves the link beside it", async () => {
    const { project, original } = await takenOver();
    unlinkSync(join(project, "GEMINI.md"));
    symlinkSync("AGENTS.md", join(project, "GEMINI.md"));
    const refused = await install(asFile("# v3\n", "3.0.0"), project);
    assert.notEqual(refused.status, 0, refused.stdout);
    const next = await install(asFile("# v3\n", "3.0.0"), project, "--move-aside");
    assert.equal(next.status, 0, next.stdout + next.stderr);
    assert.equal(readFileSync(join(project, "GEMINI.md"), "utf8"), "# v3\n");
    assert.equal(readlinkSync(join(project, "GEMINI.md.agentc-old")), "AGENTS.md");
    const said = await uninstall(project);
    assert.equal(readFileSync(join(project, "GEMINI.md"), "utf8"), mine);
    assert.equal(readlinkSync(join(project, "GEMINI.md.agentc-old")), "AGENTS.md", "their link, beside it");
    assert.match(said, /GEMINI\.md\.agentc-old/);
    assert.equal(existsSync(join(project, ".agentc")), false);
    unlinkSync(join(project, "GEMINI.md.agentc-old"));
    assert.deepEqual(treeHash(project), original);
  });
});
