import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import picomatch from "picomatch";
import { globProblem } from "../../src/checks/registry/globs-well-formed.js";

/** What picomatch's strict parse says of a glob: nothing, or why it cannot parse it. */
function picomatchSays(glob: string): string | undefined {
  try {
    picomatch.makeRe(glob, { strictBrackets: true });
    return undefined;
  } catch (error) {
    return `cannot be parsed (${(error as Error).message})`;
  }
}

const globCharacters = fc.constantFrom(..."ab/.*?!+@-_[](){},^$|é ".split(""));

describe("AGC036 globs-well-formed: a glob picomatch cannot parse", () => {
  it("is reported as picomatch rejects it, whether or not it holds a bracket (fast-check)", () => {
    fc.assert(
      fc.property(fc.array(globCharacters, { minLength: 1, maxLength: 16 }), (characters) => {
        const glob = `src/${characters.join("")}`;
        if (glob.split("/").includes("..")) return;
        assert.equal(globProblem(glob), picomatchSays(glob), glob);
      }),
      { numRuns: 3000 },
    );
  });

  it("reports a glob longer than picomatch takes, brackets or not", () => {
    const long = `src/${"a".repeat(64 * 1024)}`;
    assert.match(globProblem(long) ?? "", /^cannot be parsed \(Input length: 65540, exceeds maximum/);
    assert.equal(globProblem(long), picomatchSays(long));
    assert.equal(globProblem("src/a".padEnd(64 * 1024, "b")), undefined);
  });

  it("reports unbalanced brackets, parentheses and braces", () => {
    for (const glob of ["src/[ab", "src/ab]", "src/(a", "src/a)", "src/{a,b"])
      assert.match(globProblem(glob) ?? "", /^cannot be parsed/, glob);
    for (const glob of ["src/[ab]/*.ts", "src/@(a|b)/**", "src/*.{ts,tsx}", "docs/**/*.md"])
      assert.equal(globProblem(glob), undefined, glob);
  });
});
