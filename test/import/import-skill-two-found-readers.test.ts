import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { packageRoot } from "../../src/shared/package-paths.js";
import { runImport } from "../support/import-run.js";
import { runAgentc } from "../support/run-cli.js";

/**
 * A skill the project keeps in `.github/skills` (GitHub Copilot) and in `.agents/skills`, which Codex reads and
 * several assistants the project does not use read too. The shared folder's file is read once, as the first of
 * its readers', one the project does not use; the registry's skill was Copilot's and that one's, so the build
 * wrote it for Codex nowhere and an edit in the registry never reached Codex. Found on AIArmada/majlisilmu.
 */
const project = join(packageRoot, "test", "fixtures", "adoption", "66-skill-in-copilot-and-shared-folders");

describe("a skill in a found assistant's folder and in a shared one", () => {
  it("is also every found assistant's that reads the shared folder, and the build writes it there", async () => {
    const run = await runImport(project);
    assert.equal(run.status, 0, run.stderr);
    const skill = readFileSync(join(run.out, "core/skills/changelog/SKILL.md"), "utf8");
    assert.match(skill, /clients:\n(?: {2}- [a-z-]+\n)*? {2}- codex\n/);
    assert.match(skill, /clients:\n(?: {2}- [a-z-]+\n)*? {2}- github-copilot\n/);
    const aboutShared = run.json.diagnostics.filter(
      (d: { id: string; file: string }) => d.id === "AGC129" && d.file.startsWith(".agents/skills/"),
    );
    assert.deepEqual(aboutShared, [], "the build writes the shared folder's file: no round-trip finding");
    const built = await runAgentc(["build", run.out, "--quiet"]);
    assert.equal(built.status, 0, built.stderr);
    const manifest = JSON.parse(readFileSync(join(run.out, "build", "manifest.json"), "utf8"));
    assert.ok(
      manifest.artifacts.includes(".agents/skills/changelog/SKILL.md"),
      manifest.artifacts.join("\n"),
    );
  });
});
