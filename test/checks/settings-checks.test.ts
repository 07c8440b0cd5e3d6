import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { composedValuesAgree } from "../../src/checks/clients/composed-values-agree.js";
import { guardTimeoutMs } from "../../src/clients/guard-program.js";
import type { OwnedEntry } from "../../src/compose/model.js";
import type { ComposedFile, EmittedTree } from "../../src/emit/emitted-tree.js";
import { settingsRegistry } from "../support/settings-fixture.js";

function composed(component: string, entries: OwnedEntry[], format: "json" | "toml" = "json"): ComposedFile {
  return { path: ".claude/settings.json", component, format, entries };
}

async function clashMessages(files: ComposedFile[]): Promise<string[]> {
  const registry = await settingsRegistry(["claude-code"]);
  const tree: EmittedTree = { files: [], composed: files, capabilities: [] };
  return [...composedValuesAgree.run(registry, tree)].map((f) => f.message);
}

describe("AGC085 composed-values-agree", () => {
  it("lets equal whole values and list elements from two packs stand together", async () => {
    const messages = await clashMessages([
      composed("a", [
        { path: ["permissions", "deny"], value: "Read(./.env)", element: true },
        { path: ["model"], value: "x" },
      ]),
      composed("b", [
        { path: ["permissions", "deny"], value: "Read(./.env)", element: true },
        { path: ["model"], value: "x" },
      ]),
    ]);
    assert.deepEqual(messages, []);
  });

  it("reports different whole values, a whole value around another entry, an element against a whole value and two formats", async () => {
    const messages = await clashMessages([
      composed("a", [
        { path: ["model"], value: "x" },
        { path: ["permissions"], value: { deny: [] } },
        { path: ["hooks", "Stop"], value: [] },
      ]),
      composed("b", [
        { path: ["model"], value: "y" },
        { path: ["permissions", "deny"], value: "Read(./.env)", element: true },
        { path: ["hooks", "Stop"], value: { hooks: [] }, element: true },
      ]),
      composed("c", [{ path: ["other"], value: 1 }], "toml"),
    ]);
    assert.deepEqual(messages, [
      'client pack "b" and client pack "a" both compose .claude/settings.json at model with different values',
      'client pack "b" and client pack "a" both compose .claude/settings.json at permissions.deny, where one owns the whole value around the other',
      'client pack "b" and client pack "a" both compose .claude/settings.json at hooks.Stop, one as a whole value and one as a list element',
      'client pack "c" and client pack "a" both compose .claude/settings.json at other as toml and json',
    ]);
  });
});

describe("AGC087 guard-outlives-client-timeout", () => {
  it("knows the guard's own time limit", () => {
    const program = readFileSync(join(process.cwd(), "assets", "hooks", "agentc-guard.mjs"), "utf8");
    assert.match(program, new RegExp(`export const TIMEOUT_MS = ${guardTimeoutMs};`));
  });
});
