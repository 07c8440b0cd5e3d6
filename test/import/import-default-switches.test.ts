import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { packageRoot } from "../../src/shared/package-paths.js";
import { findings, runImport } from "../support/import-run.js";

/**
 * A skill that writes out its client's defaults (`user-invocable: true`, `disable-model-invocation: false`, as
 * spec-kit's generated Claude Code skills do, LongbowXXX/ai-tuber) says that both the person and the model may
 * start it, which the core says by giving it no triggers. Import reported both keys as "has no neutral
 * equivalent: not imported", as if something were lost.
 */
const fixture = join(packageRoot, "test", "fixtures", "adoption", "51-claude-skill-default-switches");

describe("a skill's invocation switches at their defaults", () => {
  it("are read as no triggers, and not reported as lost", async () => {
    const run = await runImport(fixture);
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(findings(run, "AGC128"), []);
    const skill = (name: string) => readFileSync(join(run.out, "core", "skills", name, "SKILL.md"), "utf8");
    assert.doesNotMatch(skill("spec-review"), /triggers/);
    // the switch that is not the default still says what it says
    assert.match(skill("deploy-notes"), /triggers:\n {2}- user\n/);
  });
});
