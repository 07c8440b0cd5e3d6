import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { commandIndex } from "../../src/cli/command-index.js";

describe("command index", () => {
  it("names and summarises each command exactly as the command itself does", async () => {
    for (const entry of commandIndex) {
      const command = await entry.load();
      assert.deepEqual([command.name, command.summary], [entry.name, entry.summary]);
    }
  });
});
