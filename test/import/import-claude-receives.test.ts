import assert from "node:assert/strict";
import { appendFileSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { builtinClientPacks } from "../../src/clients/load-client-packs.js";
import { diskTree, sessionLoad } from "../../src/session-load/index.js";
import { runImport } from "../support/import-run.js";
import { copyOf } from "../support/install-fixture.js";
import { runAgentc } from "../support/run-cli.js";
import { testdir } from "../support/testdir.js";

/**
 * A repository that keeps its CLAUDE.md (issue 29, part 5): Claude Code then reads no AGENTS.md of its own
 * accord, so the imported registry must still bring agentc's always-on text to it, now and after an update.
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

describe("agentc import: Claude Code keeps receiving the registry's always-on text beside a kept CLAUDE.md", () => {
  it("chooses the claude-code adapter, whose install makes Claude read AGENTS.md, now and after an update", async () => {
    const root = testdir(project);
    const run = await runImport(root);
    assert.equal(run.status, 0, run.stderr);
    assert.ok(run.json.assistants.includes("claude-code"), run.json.assistants.join(", "));
    const targets = JSON.parse(readFileSync(join(run.out, "targets.json"), "utf8"));
    assert.ok(targets.builtin_adapters.includes("claude-code"), JSON.stringify(targets.builtin_adapters));

    // The person keeps CLAUDE.md; the files the build writes again are taken out first, as import advises.
    const copy = copyOf(root);
    for (const path of run.json.rewritten) rmSync(join(copy, path), { force: true });
    await buildAndInstall(run.out, copy);
    const loaded = claudeTexts(copy);
    assert.match(loaded, /Money is always integer cents\./);
    assert.match(loaded, /Run make test before a commit\./);

    const imported = join(run.out, "sources", "imported");
    const first = readdirSync(imported).find((f) => f.endsWith(".md"));
    assert.ok(first);
    appendFileSync(join(imported, first), "\n## Releases\n\nTag every release.\n");
    await buildAndInstall(run.out, copy);
    assert.match(claudeTexts(copy), /Tag every release\./);
  });
});
