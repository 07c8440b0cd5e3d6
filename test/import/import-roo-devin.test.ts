import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { packageRoot } from "../../src/shared/package-paths.js";
import { runImport } from "../support/import-run.js";
import { testdir } from "../support/testdir.js";

/**
 * Issue 29: Roo Code's .roo/rules/ and .roo/rules-<mode>/ were passed over without a word. The roo-code
 * adapter names them in `reads_unwritten` (docs.roocode.com custom-instructions, 2026-12-06): each file is
 * reported, grouped by place, and stays the project's own. Devin's .devin/agents/<name>/AGENT.md is imported.
 * Roo Code's .roo/mcp.json is carried by the roo-code client pack now: test/import/import-roo-mcp.test.ts.
 */
const corpus = join(packageRoot, "test", "fixtures", "adoption");

describe("Roo Code's rule folders and Devin's agents", () => {
  it("reports every file of .roo/rules/, .roo/rules-code/ and .roomodes at its path; writes none of them", async () => {
    const run = await runImport(join(corpus, "12-roo"));
    assert.equal(run.status, 0, run.stderr);
    const reported = run.json.diagnostics.filter((d) => d.file.startsWith(".roo"));
    assert.deepEqual(reported.map((d) => `${d.severity} ${d.file}: ${d.message.split(", and")[0]}`).sort(), [
      "warning .roo/rules-code/php-style.md: .roo/rules-code/php-style.md is loaded by Roo Code / Zoo Code from .roo/rules-code/",
      "warning .roo/rules/01-general.md: .roo/rules/01-general.md is loaded by Roo Code / Zoo Code from .roo/rules/",
      "warning .roo/rules/02-db.md: .roo/rules/02-db.md is loaded by Roo Code / Zoo Code from .roo/rules/",
      "warning .roomodes: .roomodes is read by Roo Code / Zoo Code",
    ]);
    assert.ok(!run.json.files.some((f) => f.includes("roo")), run.json.files.join(", "));
    assert.deepEqual(run.after, run.before, "import wrote nothing into the project");
  });

  it(".roorules beside a .roo/rules/ that holds files is reported as not loaded: Roo Code reads the folder instead", async () => {
    const project = testdir({
      "AGENTS.md": "# Agents\n\nUse tabs.\n",
      ".roo/rules/01-general.md": "# General\n",
      ".roo/rules-code/style.md": "# Style\n",
      ".roorules": "# Old rules\n",
      ".roorules-code": "# Old code rules\n",
      ".roorules-architect": "# Architect\n",
    });
    const run = await runImport(project);
    assert.equal(run.status, 0, run.stderr);
    const said = (file: string) => run.json.diagnostics.find((d) => d.file === file)?.message ?? "";
    assert.match(
      said(".roorules"),
      /^\.roorules is not loaded by Roo Code \/ Zoo Code, which reads \.roo\/rules\/ in place of \.roorules while that holds files/,
    );
    assert.match(said(".roorules-code"), /which reads \.roo\/rules-code\/ in place of \.roorules-code/);
    assert.match(said(".roorules-architect"), /^\.roorules-architect is read by Roo Code \/ Zoo Code/);
  });

  it("imports .devin/agents/<name>/AGENT.md with its tools", async () => {
    const run = await runImport(join(corpus, "26-devin-agents"));
    assert.equal(run.status, 0, run.stderr);
    assert.ok(run.json.assistants.includes("devin"), run.json.assistants.join(", "));
    const agent = join(run.out, "core/agents/schema-reviewer.md");
    assert.ok(existsSync(agent));
    assert.match(readFileSync(agent, "utf8"), /exclusive lock/);
  });
});
