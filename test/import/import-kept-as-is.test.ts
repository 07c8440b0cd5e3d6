import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import { packageRoot } from "../../src/shared/package-paths.js";
import { adoptionCycle, assertIdentity } from "../support/adoption-cycle.js";
import { runImport } from "../support/import-run.js";
import { testdir } from "../support/testdir.js";

/**
 * Found in the hand-run adoption trial (0xc1x/fudi): a project whose .gemini/settings.json trusts its MCP
 * servers failed its first build after import (AGC108 errors on the project's own values). targets.json now
 * keeps them as imported, with an override the person sees and can remove, as it keeps the project's size in
 * budgets. And a .codex/config.toml server with a key the core has not (enabled) made
 * the first install after import warn that the person's own server "already exists": TOML settings were not
 * composed back as they were, as JSON ones are.
 */
const fixture = join(packageRoot, "test", "fixtures", "adoption", "35-trusted-mcp-servers");

describe("a project kept as it is: trusted MCP servers", () => {
  test("targets.json allows the project's trusted server with a reason, and the round trip is the identity", async () => {
    const cycle = await adoptionCycle(fixture);
    assertIdentity(cycle);
    const targets = JSON.parse(readFileSync(join(cycle.registry, "targets.json"), "utf8"));
    assert.deepEqual(targets.trust_overrides, [
      {
        key: "mcp-server-trusted",
        client: "gemini-cli",
        reason: "imported as is: the project's .gemini/settings.json sets it",
      },
    ]);
    assert.match(
      cycle.importRun.stdout,
      /warning AGC108 as imported, \.gemini\/settings\.json sets mcpServers\.sightings-db\.trust \(mcp-server-trusted, Gemini CLI\)/,
    );
    const built = cycle.buildRun.stdout + cycle.buildRun.stderr;
    assert.doesNotMatch(built, /error AGC108/);
  });
});

describe("a project's .codex/config.toml servers are composed back as they are", () => {
  test("the first install after import finds each server already there and warns about none", async () => {
    const cycle = await adoptionCycle(
      join(packageRoot, "test", "fixtures", "adoption", "36-codex-mcp-servers"),
    );
    assertIdentity(cycle);
    const installed = cycle.installRun.stdout + cycle.installRun.stderr;
    assert.doesNotMatch(installed, /already exists and was not written by agentc/);
    assert.match(installed, /install: 0 changes applied/);
    const native = JSON.parse(readFileSync(join(cycle.registry, "native.json"), "utf8"));
    assert.ok(
      native.files.some((f: { path: string }) => f.path === ".codex/config.toml"),
      JSON.stringify(native.files),
    );
  });
});

describe("a settings file none of whose values the registry carries", () => {
  test("is named as composed into by nothing and kept, not as a file the build writes elsewhere (carlos18bp/gym_project)", async () => {
    const root = testdir({
      ".claude/settings.json": '{\n  "model": "sonnet"\n}\n',
      ".codex/config.toml": "# Model and sandbox come from each person's ~/.codex/config.toml.\n",
      "AGENTS.md": "# Billing\n\nRun the tests before a commit.\n",
    });
    const run = await runImport(root);
    assert.equal(run.status, 0, run.stderr);
    const trip = run.json.diagnostics
      .filter((d) => d.id === "AGC129")
      .map((d) => `${d.severity} ${d.file}: ${d.message}`);
    for (const file of [".claude/settings.json", ".codex/config.toml"])
      assert.ok(
        trip.includes(
          `info ${file}: the build of the imported registry composes nothing into ${file}: the registry carries none of its values (each is named above), so it stays the project's file and its assistant reads it as before`,
        ),
        trip.join("\n"),
      );
  });
});

/**
 * Found in the hand-run adoption trial (HaoNgo232/agent-bridge): a skill folder holding a template named
 * SKILL.md below it (app-builder/templates/SKILL.md). Its native copy wrote that file as the skill's own, so the
 * first build warned once per client that no client reads it as a skill (AGC152, 34 times), though it is a file
 * of the skill, which no client took for a skill in the project either.
 */
describe("a skill folder with a SKILL.md below its own", () => {
  test("builds without a warning: the inner SKILL.md is a file of the skill, and the round trip is the identity", async () => {
    const project = testdir({
      ".github/skills/app-builder/SKILL.md":
        "---\nname: app-builder\ndescription: Scaffolds a new service from the templates.\n---\nCopy templates/ and fill it in.\n",
      ".github/skills/app-builder/templates/SKILL.md":
        "---\nname: new-service\ndescription: A template for a service's own skill.\n---\nDescribe the service here.\n",
      "AGENTS.md": "# Service\n\nRun the tests before each push.\n",
    });
    const cycle = await adoptionCycle(project);
    assertIdentity(cycle);
    const built = cycle.buildRun.stdout + cycle.buildRun.stderr;
    assert.doesNotMatch(built, /AGC152/);
  });
});

/**
 * Found in the hand-run adoption trial (13nosui/kiro-development-template-heroui-nextjs, 5throck/ai-workspace-
 * standards): a project's .cursorrules, Cursor's deprecated file that Cursor no longer loads but Crush, Zed and
 * Cline do, is written back as it was, and every build of the imported registry warned that Cursor does not read
 * it (AGC152), though the project is as it was.
 */
describe("a .cursorrules written back where it was", () => {
  test("builds without AGC152, and the round trip is the identity", async () => {
    const project = testdir({
      ".cursorrules": "Use pnpm, never npm.\nKeep components in src/components.\n",
      ".cursor/rules/style.mdc":
        "---\ndescription: Style\nglobs: src/**/*.tsx\nalwaysApply: false\n---\nUse function components.\n",
      "src/app.tsx": "export {};\n",
    });
    const cycle = await adoptionCycle(project);
    assertIdentity(cycle);
    assert.doesNotMatch(cycle.buildRun.stdout + cycle.buildRun.stderr, /AGC152/);
  });
});
