import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { appendBlock } from "../../../src/install/project/marked-block.js";
import { textRepeatedInBlock } from "../../../src/install/project/text-in-block.js";
import { sha256 } from "../../../src/shared/hash.js";

const money = "Money is always integer cents, and never a float in any code path.";

/** A person's file with agentc's block appended, then `below` added under it: the text and the block's record. */
function composed(persons: string, block: string, below = ""): { text: string; recorded: string } {
  const { text, inserted } = appendBlock(persons, block);
  return { text: text + below, recorded: sha256(inserted) };
}

describe("a person's paragraph repeated in agentc's block", () => {
  it("is reported at its line above the block, however its lines are broken", () => {
    const { text, recorded } = composed(
      `# Payments\n\n${money}\n`,
      `# Payments\n\n${money.replace(", and", ",\nand")}\n`,
    );
    const [warning, ...more] = textRepeatedInBlock("AGENTS.md", text, recorded);
    assert.deepEqual(more, []);
    assert.equal(warning?.line, 3);
    assert.match(warning?.problem ?? "", /^1 paragraph of your text is also in agentc's block/);
  });

  it("is reported at its line below the block, not at the block's copy", () => {
    const { text, recorded } = composed("# Payments\n", `${money}\n`, `\n${money}\n`);
    assert.equal(textRepeatedInBlock("AGENTS.md", text, recorded)[0]?.line, text.split("\n").length - 1);
  });

  it("is not reported for a shared heading or short line, nor for a block that holds other text", () => {
    const short = composed("# Payments\n\nUse cents.\n", "# Payments\n\nUse cents.\n");
    assert.deepEqual(textRepeatedInBlock("AGENTS.md", short.text, short.recorded), []);
    const other = composed(`${money}\n`, "Ask before adding a dependency to any package.\n");
    assert.deepEqual(textRepeatedInBlock("AGENTS.md", other.text, other.recorded), []);
  });
});
