import assert from "node:assert/strict";
import { appendFileSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { packageRoot } from "../../src/shared/package-paths.js";
import { editBeforeFirstInstall } from "../support/adoption-cycle.js";
import { runImport } from "../support/import-run.js";

/**
 * A rule's name is made of its heading's Latin letters and digits (AGC007). An always-on file with headings
 * in another script (Korean here, as in E5presso/spakky-framework) lost those sections at import, and their
 * text at the first edit of the registry. Each such heading now gets a number, and its text stays.
 */
const fixture = join(packageRoot, "test", "fixtures", "adoption", "61-korean-headings");

describe("headings without a Latin letter or digit", () => {
  it("are imported with a number added, said as an info; a link to the file adds no second copy", async () => {
    const run = await runImport(fixture);
    assert.equal(run.status, 0, run.stderr);
    const source = readFileSync(join(run.out, "sources", "imported", "01-AGENTS.md"), "utf8");
    assert.match(source, /^## 스킬 & 워크플로우 \(section 1\)\n\n- 이슈 작업은/m);
    assert.match(source, /^## 절대 금지 사항 \(section 2\)\n\n- 같은 파일을/m);
    assert.equal(
      source.match(/스킬 & 워크플로우/g)?.length,
      1,
      "CLAUDE.md, a link to AGENTS.md, is the same rules",
    );
    const said = run.json.diagnostics.filter((d) => /Latin letter/.test(d.message));
    assert.deepEqual(
      said.map((d) => `${d.severity} ${d.file}:${d.line} ${d.message}`),
      [
        'info AGENTS.md:5 the heading "스킬 & 워크플로우" of AGENTS.md has no Latin letter or digit, which a rule\'s name needs: imported as "스킬 & 워크플로우 (section 1)"',
        'info AGENTS.md:14 the heading "절대 금지 사항" of AGENTS.md has no Latin letter or digit, which a rule\'s name needs: imported as "절대 금지 사항 (section 2)"',
      ],
    );
    assert.deepEqual(
      run.json.diagnostics.filter((d) => d.severity !== "info"),
      [],
      "nothing is left out",
    );
  });

  it("keep their text through an edit of the registry and the first install", async () => {
    const original = readFileSync(join(fixture, "AGENTS.md"), "utf8");
    const { later } = await editBeforeFirstInstall(fixture, (registry) =>
      appendFileSync(join(registry, "sources", "imported", "01-AGENTS.md"), "\n- Keep changes small.\n"),
    );
    const installed = readFileSync(join(later, "AGENTS.md"), "utf8");
    const lines = (text: string) => text.split("\n").filter((l) => l.trim() !== "" && !l.startsWith("#"));
    assert.deepEqual(
      lines(original).filter((line) => !installed.includes(line)),
      [],
      "every line of the project's AGENTS.md is still there",
    );
    assert.match(installed, /^## 스킬 & 워크플로우 \(section 1\)$/m);
    assert.match(installed, /^- Keep changes small\.$/m);
  });
});
