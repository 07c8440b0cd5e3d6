import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { corpus, runCorpus } from "../../fuzz/corpus.js";

describe("the hostile-input corpus (fuzz/corpus.ts): each class that once hung or crashed agentc", () => {
  it("ends every case with its diagnostic, exit 0 or 1, no internal error, no hang, and no secret copied", async () => {
    const outcomes = await runCorpus(corpus, 60_000);
    assert.deepEqual(
      outcomes.filter((o) => o.problem).map((o) => `${o.name}: ${o.problem}`),
      [],
    );
    assert.equal(outcomes.length, corpus.length);
    assert.ok(outcomes.every((o) => o.code === 0 || o.code === 1));
  });
});
