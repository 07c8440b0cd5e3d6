import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  braceBudget,
  braceExpansion,
  braceParts,
  expandBraces,
} from "../../src/shared/globs/brace-groups.js";

/**
 * The expansion as agentc wrote it before it could count: expand the first top-level group holding a
 * comma, then again on each result. Exponential, so only for short globs; the reference the parser must
 * agree with.
 */
function referenceExpand(glob: string): string[] {
  const group = firstCommaGroup(glob);
  if (!group) return [glob];
  const before = glob.slice(0, group.open);
  const after = glob.slice(group.close + 1);
  return group.options.flatMap((option) => referenceExpand(`${before}${option}${after}`));
}

function firstCommaGroup(glob: string): { open: number; close: number; options: string[] } | undefined {
  for (let open = glob.indexOf("{"); open >= 0; open = glob.indexOf("{", open + 1)) {
    if (escaped(glob, open)) continue;
    const options: string[] = [];
    let depth = 0;
    let start = open + 1;
    for (let i = open + 1; i < glob.length; i++) {
      if (escaped(glob, i)) continue;
      const c = glob[i];
      if (c === "{") depth++;
      else if (c === "}" && depth > 0) depth--;
      else if (c === "," && depth === 0) {
        options.push(glob.slice(start, i));
        start = i + 1;
      } else if (c === "}") {
        if (options.length === 0) break;
        return { open, close: i, options: [...options, glob.slice(start, i)] };
      }
    }
  }
  return undefined;
}

function escaped(text: string, index: number): boolean {
  let slashes = 0;
  for (let i = index - 1; i >= 0 && text[i] === "\\"; i--) slashes++;
  return slashes % 2 === 1;
}

/** mulberry32: the same globs on every run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe("brace groups", () => {
  it("expand as the reference does, and are counted exactly without expanding (20,000 random globs)", () => {
    const next = random(27);
    const alphabet = ["{", "}", ",", "a", "b", "\\", "*", "/", "é"];
    for (let n = 0; n < 20_000; n++) {
      const length = 1 + Math.floor(next() * 14);
      const glob = Array.from({ length }, () => alphabet[Math.floor(next() * alphabet.length)]).join("");
      const expected = referenceExpand(glob);
      assert.deepEqual(expandBraces(glob), expected, glob);
      const bytes = expected.reduce((sum, g) => sum + Buffer.byteLength(g), 0);
      assert.deepEqual(braceExpansion(glob), { patterns: expected.length, bytes }, glob);
    }
  });

  it("counts 40 groups of two as 2^40 in one pass, and saturates past 10^15", () => {
    assert.deepEqual(braceExpansion(`src/${"{a,b}".repeat(40)}`), {
      patterns: 2 ** 40,
      bytes: 2 ** 40 * 44,
    });
    assert.equal(braceExpansion("{a,b}".repeat(100)).patterns, 1e15);
    assert.equal(braceExpansion(`${"{x,".repeat(5000)}y${"}".repeat(5000)}`).patterns, 1e15);
  });

  it("reads unclosed, comma-less and escaped braces as text, in linear time", () => {
    assert.deepEqual(braceParts("{a,b"), ["{a,b"]);
    assert.deepEqual(braceParts("{ab}"), ["{ab}"]);
    assert.deepEqual(braceParts("\\{a,b\\}"), ["\\{a,b\\}"]);
    assert.deepEqual(braceParts("*.{ts,tsx}"), ["*.", { options: [["ts"], ["tsx"]] }]);
    const unclosed = "{a,".repeat(200_000);
    assert.deepEqual(braceExpansion(unclosed), { patterns: 1, bytes: unclosed.length });
  });

  it("has the budget seed 001 gives clients: 1,000 patterns and 4 MiB per rule", () => {
    assert.deepEqual(braceBudget, { patterns: 1000, bytes: 4 * 1024 * 1024 });
  });
});
