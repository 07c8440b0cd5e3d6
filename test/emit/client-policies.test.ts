import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { ComposedFile } from "../../src/emit/emitted-tree.js";
import { settingsOf, settingsRegistry } from "../support/settings-fixture.js";

const bypassSwitch = "permissions.disableBypassPermissionsMode";

function entryAt(composed: ComposedFile[], file: string, path: string): unknown {
  return composed.find((f) => f.path === file)?.entries.find((e) => e.path.join(".") === path)?.value;
}

describe("a client pack's policy values are written only where targets.json turns them on", () => {
  it("writes no disableBypassPermissionsMode into .claude/settings.json by default: core/ does not ask for it", async () => {
    const out = settingsOf(await settingsRegistry(["claude-code"]), "claude-code");
    assert.equal(entryAt(out.composed, ".claude/settings.json", bypassSwitch), undefined);
  });

  it("writes it when targets.json client_policies names it for claude-code", async () => {
    const registry = await settingsRegistry(
      ["claude-code"],
      {},
      { client_policies: { "claude-code": [bypassSwitch] } },
    );
    const out = settingsOf(registry, "claude-code");
    assert.equal(entryAt(out.composed, ".claude/settings.json", bypassSwitch), "disable");
  });

  it("a policy turned on for another client changes nothing for claude-code", async () => {
    const registry = await settingsRegistry(
      ["claude-code", "codex"],
      {},
      { client_policies: { codex: [bypassSwitch] } },
    );
    const out = settingsOf(registry, "claude-code");
    assert.equal(entryAt(out.composed, ".claude/settings.json", bypassSwitch), undefined);
  });
});
