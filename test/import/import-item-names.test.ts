import assert from "node:assert/strict";
import { join } from "node:path";
import { describe, it } from "node:test";
import { packageRoot } from "../../src/shared/package-paths.js";
import { runImport } from "../support/import-run.js";

/**
 * A skill named as its folder, where the name is not ASCII (`résumé-écrit`), is imported under the portable
 * name, and that is said once. It was said twice, the second time wrongly: `is named "résumé-écrit" inside:
 * imported as "resume-ecrit", its path's name` (the path's name is résumé-écrit too). A name inside that is
 * not the folder's is still reported.
 */
const fixture = join(packageRoot, "test", "fixtures", "adoption", "52-skill-names-not-ascii");

describe("an item's name inside and its path's name", () => {
  it("reports the portable name once, and only a name inside that differs from the path's", async () => {
    const run = await runImport(fixture);
    assert.equal(run.status, 0, run.stderr);
    const at = (file: string) =>
      run.json.diagnostics.filter((d) => d.id === "AGC128" && d.file === file).map((d) => d.message);
    const resume = at(".claude/skills/résumé-écrit/SKILL.md");
    assert.deepEqual(resume, [
      '.claude/skills/résumé-écrit/SKILL.md is imported under the portable name "resume-ecrit"',
    ]);
    assert.deepEqual(at(".claude/skills/revue-de-code/SKILL.md"), [
      '.claude/skills/revue-de-code/SKILL.md is named "relecture" inside: imported as "revue-de-code", its path\'s name',
    ]);
    assert.ok(run.json.files.includes("core/skills/resume-ecrit/SKILL.md"), run.json.files.join("\n"));
  });
});
