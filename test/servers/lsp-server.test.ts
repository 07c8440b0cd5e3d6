import assert from "node:assert/strict";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, it } from "node:test";
import { runAgentc } from "../support/run-cli.js";
import { testdir } from "../support/testdir.js";
import { LspClient } from "./lsp-client.js";

const brokenSkill = "---\nname: review\n---\n\nReview the change.\n";
const fixedSkill =
  "---\nname: review\ndescription: Review a change for bugs before it is merged.\n---\n\nReview the change.\n";
// A flow list left open in a nested field: YAML refuses it, and no assistant's reader recovers it.
const malformedSkill =
  "---\nname: review\ndescription: Review a change.\nmetadata:\n  tags: [review\n---\n\nReview the change.\n";

/** Opens a broken file, waits for its diagnostics, writes the fix, saves, and waits for them to be cleared. */
async function openFixSave(
  client: LspClient,
  path: string,
  broken: string,
  fixed: string,
  languageId = "markdown",
) {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, broken);
  const seen = client.published.length;
  await client.open(path, broken, languageId);
  const found = await client.diagnosticsFor(path, seen, (p) => p.diagnostics.length > 0);
  const before = client.published.length;
  writeFileSync(path, fixed);
  await client.save(path);
  const cleared = await client.diagnosticsFor(path, before, () => true);
  return { found: found.diagnostics, cleared: cleared.diagnostics };
}

describe("agentc lsp, driven by a language client over stdio", () => {
  it("in a registry: the check's diagnostics for a broken SKILL.md on open, none after the fix is saved; exit 0 after shutdown", {
    timeout: 120_000,
  }, async () => {
    const root = testdir({});
    const init = await runAgentc(["init", root, "--assistants", "claude-code", "--quiet"]);
    assert.equal(init.status, 0, init.stderr);
    const skill = join(root, "core", "skills", "review", "SKILL.md");
    const client = new LspClient(root);
    const initialized = await client.initialize(root);
    assert.equal(initialized.serverInfo?.name, "agentc");

    const { found, cleared } = await openFixSave(client, skill, brokenSkill, fixedSkill);
    assert.deepEqual(
      found.map((d) => [d.code, d.severity, d.source, d.range.start]),
      [["AGC061", 1, "agentc", { line: 1, character: 0 }]],
    );
    assert.match(
      String(found[0]?.message),
      /^Missing required key "description" in the frontmatter\nhint: Add "description"/,
    );
    assert.match(found[0]?.codeDescription?.href ?? "", /\/docs\/checks\/AGC061\.md$/);
    assert.deepEqual(cleared, []);

    assert.equal(await client.stop(), 0);
    assert.equal(client.stderr, "");
  });

  it("in a project with no registry: lint's diagnostics for a malformed SKILL.md and settings file, cleared after the fix is saved", {
    timeout: 120_000,
  }, async () => {
    const root = testdir({ "AGENTS.md": "# Project\n\nRun the tests before each commit.\n" });
    const skill = join(root, ".claude", "skills", "review", "SKILL.md");
    const client = new LspClient(root);
    await client.initialize(root);

    const { found, cleared } = await openFixSave(client, skill, malformedSkill, fixedSkill);
    assert.deepEqual(
      found.map((d) => [d.code, d.severity]),
      [["AGC127", 1]],
    );
    assert.match(String(found[0]?.message), /malformed YAML/);
    assert.deepEqual(cleared, []);

    const settings = join(root, ".claude", "settings.json");
    const json = await openFixSave(client, settings, '{"hooks": {\n', '{"hooks": {}}\n', "json");
    assert.deepEqual(
      json.found.map((d) => [d.code, d.range.start.line]),
      [["AGC127", 1]],
    );
    assert.match(String(json.found[0]?.message), /malformed JSON/);
    assert.deepEqual(json.cleared, []);
    assert.equal(await client.stop(), 0);
  });

  it("ends with exit code 1 when the editor exits without shutdown, as the protocol says", {
    timeout: 60_000,
  }, async () => {
    const root = testdir({});
    const client = new LspClient(root);
    await client.initialize(root);
    await client.exitWithoutShutdown();
    assert.equal(await client.exited, 1);
  });
});
