import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { packageRoot } from "../../src/shared/package-paths.js";
import { runImport } from "../support/import-run.js";
import { runAgentc } from "../support/run-cli.js";
import { testdir } from "../support/testdir.js";

/**
 * Issue 29: Crush reads GEMINI.md and AGENTS.md by name and loads a GEMINI.md that links to AGENTS.md twice
 * (charmbracelet/crush internal/agent/prompt/prompt.go: context paths are told apart by name only). A project
 * with that link, Gemini CLI and Crush had the double load already: import leaves the link the project's own
 * (no gemini-cli adapter) and says so, so the imported registry builds; a registry that asks for the link
 * itself is still refused (AGC151), since agentc would then make the double load.
 */
const fixture = join(packageRoot, "test", "fixtures", "adoption", "23-crush-gemini-link");

describe("a GEMINI.md link that Crush reads twice stays the project's own", () => {
  it("is reported at the link; targets.json chooses no gemini-cli adapter; the registry builds", async () => {
    const run = await runImport(fixture);
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(run.json.assistants, ["agents-md", "crush", "gemini-cli"]);
    const targets = JSON.parse(readFileSync(join(run.out, "targets.json"), "utf8"));
    assert.deepEqual(targets.builtin_adapters, ["agents-md"]);
    const atLink = run.json.diagnostics.filter((d) => d.file === "GEMINI.md").map((d) => d.message);
    assert.ok(
      atLink.some((m) =>
        /^GEMINI\.md is a link to AGENTS\.md, and Crush reads both, loading the text twice/.test(m),
      ),
      atLink.join("\n"),
    );
    const build = await runAgentc(["build", run.out, "--out", join(testdir(), "build")]);
    assert.equal(build.status, 0, build.stdout + build.stderr);
    assert.deepEqual(run.after, run.before, "import wrote nothing into the project");
  });

  it("a registry that asks for the link itself beside Crush is refused: agentc would make the double load", async () => {
    const run = await runImport(fixture);
    const path = join(run.out, "targets.json");
    const targets = JSON.parse(readFileSync(path, "utf8"));
    writeFileSync(path, JSON.stringify({ ...targets, builtin_adapters: ["agents-md", "gemini-cli"] }));
    const build = await runAgentc(["build", run.out, "--out", join(testdir(), "build")]);
    assert.equal(build.status, 1);
    assert.match(
      build.stdout + build.stderr,
      /AGC151 crush \(Crush\) loads the text of AGENTS\.md twice: as GEMINI\.md \(a link to AGENTS\.md\)/,
    );
  });
});
