import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { builtinClientPacks } from "../../src/clients/load-client-packs.js";
import { diskTree, sessionLoad } from "../../src/session-load/index.js";
import { runImport } from "../support/import-run.js";
import { copyOf } from "../support/install-fixture.js";
import { runAgentc } from "../support/run-cli.js";
import { testdir } from "../support/testdir.js";

/**
 * A repository that keeps its CLAUDE.md (issue 29, parts 1 and 5): Claude Code reads no AGENTS.md there of its
 * own accord. The imported registry reproduces that (every assistant loads what it loaded before); the
 * claude-code adapter, added to targets.json, brings the registry's always-on text to Claude. (After an edit of
 * the imported source the update keeps the adopted AGENTS.md as the person's: issue 29 is open on that.)
 */
const project = {
  "AGENTS.md": "# Service\n\nMoney is always integer cents.\n",
  "CLAUDE.md": "# Claude notes\n\nRun make test before a commit.\n",
  ".claude/settings.json": '{\n  "permissions": {\n    "deny": ["Read(./.env)"]\n  }\n}\n',
};

function claudeTexts(root: string): string {
  const pack = builtinClientPacks().find((c) => c.pack.client === "claude-code")?.pack;
  assert.ok(pack);
  return sessionLoad(pack, diskTree(root))
    .texts.map((t) => t.text)
    .join("\n");
}

async function buildAndInstall(registry: string, into: string): Promise<void> {
  const build = join(testdir({}, "agentc-claude-receives-"), "build");
  const built = await runAgentc(["build", registry, "--out", build, "--quiet"]);
  assert.equal(built.status, 0, built.stdout);
  const installed = await runAgentc(["install", build, "--project", into, "--yes"]);
  assert.equal(installed.status, 0, installed.stderr);
}

describe("agentc import: Claude Code beside a kept CLAUDE.md", () => {
  it("import keeps Claude's view; the claude-code adapter makes Claude read AGENTS.md", async () => {
    const root = testdir(project);
    const run = await runImport(root);
    assert.equal(run.status, 0, run.stderr);
    const targetsFile = join(run.out, "targets.json");
    const targets = JSON.parse(readFileSync(targetsFile, "utf8"));
    assert.ok(
      !(targets.builtin_adapters ?? []).includes("claude-code"),
      "Claude did not read AGENTS.md before",
    );
    const copy = copyOf(root);
    await buildAndInstall(run.out, copy);
    assert.doesNotMatch(claudeTexts(copy), /Money is always integer cents\./, "the same view as before");
    assert.match(claudeTexts(copy), /Run make test before a commit\./);

    targets.builtin_adapters = [...(targets.builtin_adapters ?? []), "claude-code"].sort();
    writeFileSync(targetsFile, `${JSON.stringify(targets, null, 2)}\n`);
    await buildAndInstall(run.out, copy);
    const loaded = claudeTexts(copy);
    assert.match(loaded, /Money is always integer cents\./);
    assert.match(loaded, /Run make test before a commit\./);
  });
});
