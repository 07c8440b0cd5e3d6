import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { createTar } from "nanotar";
import { tarEntries } from "../../src/shared/tar-entries.js";

describe("tarEntries", () => {
  it("reads only the tar a view holds, not the bytes after it in the same allocation", () => {
    const tar = createTar([{ name: "sources.json", data: new TextEncoder().encode("{}\n") }]);
    const ghost = createTar([{ name: "ghost.txt", data: new TextEncoder().encode("not in the tar\n") }]);
    // The tar without its end blocks, then another entry: what lies after a gunzipSync result in memory.
    const body = tar.subarray(0, 1024);
    const memory = new Uint8Array(body.length + ghost.length);
    memory.set(body, 0);
    memory.set(ghost, body.length);
    const view = Buffer.from(memory.buffer, 0, body.length);
    assert.deepEqual(
      tarEntries(view).map((e) => e.name),
      ["sources.json"],
    );
    assert.deepEqual(
      tarEntries(tar).map((e) => e.name),
      ["sources.json"],
    );
  });
});
