import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import { packageRoot } from "../../src/shared/package-paths.js";
import { adoptionCycle, assertIdentity, registryText } from "../support/adoption-cycle.js";

/**
 * Issue 29, part 2: a GEMINI.md with text of its own is Gemini CLI's root instruction file and one Antigravity
 * reads too (clients/gemini-cli.json, clients/antigravity.json): its rule belongs to both, not to whichever of
 * them import reads first, and the round trip stays the identity with either or both chosen.
 */
const gemini = join(packageRoot, "test", "fixtures", "adoption", "10-gemini");
const clientsOf = (rule: string) =>
  /^clients:\n((?: {2}- .+\n)+)/m.exec(rule)?.[1]?.match(/[a-z-]+(?=\n)/g) ?? "every chosen assistant";

describe("a client's own always-on file read by several assistants (issue 29, part 2)", () => {
  test("found by .gemini/: the rule is Gemini CLI's and Antigravity's", async () => {
    const cycle = await adoptionCycle(gemini);
    assertIdentity(cycle);
    assert.deepEqual(clientsOf(registryText(cycle, "core/rules/gemini-md.md")), [
      "antigravity",
      "gemini-cli",
    ]);
    assert.doesNotMatch(cycle.importRun.stdout, /read as antigravity's/);
    assert.doesNotMatch(
      cycle.buildRun.stdout + cycle.buildRun.stderr,
      /AGC190/,
      "no copy for a pack that writes no rule",
    );
  });

  test("with --from antigravity,gemini-cli the rule is shared, and the round trip is the identity", async () => {
    const cycle = await adoptionCycle(gemini, { importFlags: ["--from", "antigravity,gemini-cli"] });
    assertIdentity(cycle);
    assert.equal(clientsOf(registryText(cycle, "core/rules/gemini-md.md")), "every chosen assistant");
    assert.doesNotMatch(cycle.buildRun.stdout + cycle.buildRun.stderr, /AGC190/);
  });
});

/**
 * A pack without a rule folder (Junie) writes no rule, so the rule import made of its own always-on file
 * (a legacy .junie/guidelines.md, the project's only assistant file) was written nowhere: the registry
 * carried the text to no project. Its copy is now written back there, and the rule's text once it is edited
 * (test/import/adoption-update.test.ts takes the same fixture through the edit).
 */
describe("the own always-on file of a pack that writes no rules", () => {
  const junie = join(packageRoot, "test", "fixtures", "adoption", "37-junie-guidelines");
  test("the build writes .junie/guidelines.md for Junie, and the round trip is the identity", async () => {
    const cycle = await adoptionCycle(junie);
    assertIdentity(cycle);
    const manifest = JSON.parse(readFileSync(join(cycle.build, "manifest.json"), "utf8"));
    assert.ok(manifest.artifacts.includes(".junie/guidelines.md"), JSON.stringify(manifest.artifacts));
    assert.doesNotMatch(cycle.importRun.stdout, /AGC129/);
  });
});
