import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { builtinClientPacks } from "../../src/clients/load-client-packs.js";
import { resolvedTrustKeys, trustHits } from "../../src/packs/trust-keys/resolve.js";

const openCodeKeys = () =>
  resolvedTrustKeys(builtinClientPacks().filter(({ pack }) => pack.client === "opencode"));

const hitsIn = (permission: unknown) =>
  trustHits({ permission }, openCodeKeys()).map((hit) => hit.path.join("."));

describe("OpenCode trust keys: only a shell allowed whole counts", () => {
  it("flags permission.bash allowed whole, as an action or under the * key, and permission allowed whole", () => {
    assert.deepEqual(hitsIn({ bash: "allow" }), ["permission.bash"]);
    assert.deepEqual(hitsIn({ bash: { "*": "allow", "git push *": "deny" } }), ["permission.bash.*"]);
    assert.deepEqual(hitsIn("allow"), ["permission"]);
    assert.deepEqual(hitsIn({ "*": "allow" }), ["permission.*"]);
  });

  it("does not flag an allowed command pattern, nor a shell that asks", () => {
    assert.deepEqual(hitsIn({ bash: { "git diff *": "allow", "npm test *": "allow" } }), []);
    assert.deepEqual(hitsIn({ bash: { "*": "ask" } }), []);
  });
});
