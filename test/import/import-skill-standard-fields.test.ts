import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { runImport } from "../support/import-run.js";
import { runAgentc } from "../support/run-cli.js";
import { testdir } from "../support/testdir.js";

/**
 * Found on madflow/next-project: its skills in .agents/skills write the Agent Skills standard's `license`,
 * `compatibility` and `metadata`. Read through a client whose pack writes only name and description there,
 * import left them out ("has no neutral equivalent"), although the core skill carries license and metadata and
 * OpenCode's pack writes them; the core had no compatibility at all. GitTools/GitVersion: the same for an
 * argument-hint in .agents/skills, which every pack that has one spells so.
 */
describe("a skill's license, compatibility, metadata (Agent Skills standard) and argument-hint", () => {
  const skill = [
    "---",
    "name: pptx-tools",
    "description: Edits PowerPoint decks with python-pptx. Use for slide automation.",
    "argument-hint: <deck.pptx>",
    "license: MIT",
    "compatibility: Needs Python 3.11 and python-pptx",
    "metadata:",
    "  audience: general",
    "  language: python",
    "---",
    "# PPTX tools",
    "",
    "Open the deck with python-pptx.",
    "",
  ].join("\n");

  it("are imported into the core skill from any client's skill folder, and reach a client that reads them", async () => {
    const project = testdir({
      "AGENTS.md": "# Project\n\nUse tabs.\n",
      ".codex/config.toml": 'model = "gpt-5"\n',
      ".agents/skills/pptx-tools/SKILL.md": skill,
    });
    const run = await runImport(project);
    assert.equal(run.status, 0, run.stderr);
    const messages: string[] = run.json.diagnostics.map((d: { message: string }) => d.message);
    assert.deepEqual(
      messages.filter((m) => /"(argument-hint|license|compatibility|metadata)" of/.test(m)),
      [],
      "none is left out",
    );
    const core = readFileSync(join(run.out, "core", "skills", "pptx-tools", "SKILL.md"), "utf8");
    assert.match(core, /\nargument_hint: <deck\.pptx>\n/);
    assert.match(core, /\nlicense: MIT\n/);
    assert.match(core, /\ncompatibility: Needs Python 3\.11 and python-pptx\n/);
    assert.match(core, /\nmetadata:\n {2}audience: general\n {2}language: python\n/);

    // the skill for every client of the registry, OpenCode added to them
    const corePath = join(run.out, "core", "skills", "pptx-tools", "SKILL.md");
    writeFileSync(corePath, core.replace(/\nclients:\n(?: {2}- .*\n)+/, "\n"));
    const targets = join(run.out, "targets.json");
    const config = JSON.parse(readFileSync(targets, "utf8")) as { builtin_clients?: string[] };
    config.builtin_clients = [...(config.builtin_clients ?? []), "opencode"];
    writeFileSync(targets, `${JSON.stringify(config, null, 2)}\n`);
    const out = join(testdir({}), "build");
    const build = await runAgentc(["build", run.out, "--out", out]);
    assert.equal(build.status, 0, build.stderr);
    const written = readFileSync(join(out, ".opencode", "skills", "pptx-tools", "SKILL.md"), "utf8");
    assert.match(written, /\nlicense: MIT\n/);
    assert.match(written, /\ncompatibility: Needs Python 3\.11 and python-pptx\n/);
    assert.match(written, /\nmetadata:\n {2}audience: general\n {2}language: python\n/);
  });

  it("who may start it, as the packs that can say it spell it, also in a folder of one that cannot (madflow/next-project)", async () => {
    const skill = (name: string, switches: string) =>
      `---\nname: ${name}\ndescription: Checks ${name}. Use when editing it.\n${switches}---\nCheck ${name}.\n`;
    const run = await runImport(
      testdir({
        "AGENTS.md": "# Project\n\nUse tabs.\n",
        ".codex/config.toml": 'model = "gpt-5"\n',
        ".agents/skills/routes/SKILL.md": skill("routes", "user-invocable: false\n"),
        ".agents/skills/deploy/SKILL.md": skill("deploy", "disable-model-invocation: true\n"),
        ".agents/skills/styles/SKILL.md": skill("styles", ""),
      }),
    );
    assert.equal(run.status, 0, run.stderr);
    const messages: string[] = run.json.diagnostics.map((d: { message: string }) => d.message);
    assert.deepEqual(
      messages.filter((m) => /"(user-invocable|disable-model-invocation)" of/.test(m)),
      [],
      "neither is left out",
    );
    const core = (name: string) => readFileSync(join(run.out, "core", "skills", name, "SKILL.md"), "utf8");
    assert.match(core("routes"), /\ntriggers:\n {2}- model\n/);
    assert.match(core("deploy"), /\ntriggers:\n {2}- user\n/);
    assert.doesNotMatch(core("styles"), /triggers/);
  });
});
