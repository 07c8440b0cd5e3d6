import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { checkDocsTree } from "../../src/check-list/check-docs-tree.js";
import { allChecks } from "../../src/check-list/index.js";
import { checkDocsDir } from "../../src/shared/package-paths.js";

const stale = "docs/checks/ is out of date: run npm run docs";

describe("docs/checks", () => {
  const tree = checkDocsTree();
  it("has a page for every check, and one README", () => {
    assert.deepEqual([...tree.keys()].sort(), ["README.md", ...allChecks.map((c) => `${c.id}.md`)].sort());
  });
  for (const [name, text] of tree) {
    it(`${name} matches the check objects`, () => {
      const path = join(checkDocsDir, name);
      assert.ok(existsSync(path), `${name} is missing; ${stale}`);
      assert.equal(readFileSync(path, "utf8"), text, `${name} differs; ${stale}`);
    });
  }
  it("holds no page of a check that does not exist", () => {
    const extra = readdirSync(checkDocsDir).filter((name) => !tree.has(name));
    assert.deepEqual(extra, [], stale);
  });
  it("links every check from the README", () => {
    const readme = tree.get("README.md") ?? "";
    for (const check of allChecks) assert.ok(readme.includes(`[${check.id}](${check.id}.md)`), check.id);
  });
});
