import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { pathListProblems, pathProblem } from "../../src/shared/path-check.js";

describe("pathProblem", () => {
  const safe = ["AGENTS.md", ".claude/rules/a.md", ".github/instructions/x.instructions.md", "a/b/c.d.e"];
  for (const path of safe) it(`accepts ${path}`, () => assert.equal(pathProblem(path), undefined));

  const unsafe: [string, RegExp][] = [
    ["../x", /'\.\.' segment/],
    ["a/../../x", /'\.\.' segment/],
    ["/abs", /absolute/],
    ["C:x", /drive letter/],
    ["a\\..\\x", /backslash/],
    ["a\u0000b", /NUL or control/],
    ["CON", /reserved device/],
    ["nul.txt", /reserved device/],
    ["dir/aux.tar.gz", /reserved device/],
    ["foo.", /dot or space/],
    ["foo ", /dot or space/],
    [".git/config", /\.git segment/],
    ["a/.GIT/x", /\.git segment/],
    ["a//b", /empty segment/],
    ["a/", /empty segment/],
    ["", /empty/],
    ["./a", /'\.' segment/],
    ["ab:c", /Windows forbids/],
    ["a:b", /drive letter/],
  ];
  for (const [path, expected] of unsafe) {
    it(`rejects ${JSON.stringify(path)}`, () => assert.match(pathProblem(path) ?? "", expected));
  }

  it("rejects paths not in NFC", () => assert.match(pathProblem("cafe\u0301.md") ?? "", /normal form/));
});

describe("pathListProblems", () => {
  it("reports entries that collide under case folding", () => {
    assert.deepEqual(pathListProblems(["README.md", "readme.md", "other"]), [
      { path: "readme.md", problem: 'collides with "README.md" on case-insensitive file systems' },
    ]);
  });
});
