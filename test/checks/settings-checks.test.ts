import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { composedValuesAgree } from "../../src/checks/clients/composed-values-agree.js";
import { guardOutlivesClientTimeout } from "../../src/checks/clients/guard-outlives-client-timeout.js";
import { settingsPack, withPacks } from "../../src/checks/clients/settings-fixtures.js";
import type { OwnedEntry } from "../../src/compose/model.js";
import type { ComposedFile, EmittedTree } from "../../src/emit/emitted-tree.js";
import { guardTimeoutMs } from "../../src/packs/guard/program.js";
import { loadRegistry } from "../../src/registry/load-registry.js";
import { settingsRegistry } from "../support/settings-fixture.js";
import { testdir } from "../support/testdir.js";

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

  const agc087 = async (pack: object) => {
    const { registry } = await loadRegistry(testdir(withPacks({}, { example: pack })));
    assert.ok(registry, "the fixture loads");
    return [...guardOutlivesClientTimeout.run(registry)].map((finding) => finding.message);
  };
  const hooksWith = (extra: object) => ({ ...settingsPack.hooks, ...extra });

  it("counts the client's default when the pack sets no guard timeout", async () => {
    const { timeout: _, ...guard } = settingsPack.guard;
    assert.deepEqual(await agc087({ ...settingsPack, guard, hooks: hooksWith({ default_timeout: 5 }) }), [
      "hooks.default_timeout is 5 s, but the guard itself may take up to 5 s before it blocks; the client would kill it first and let the call through",
    ]);
    assert.deepEqual(await agc087({ ...settingsPack, guard, hooks: hooksWith({ default_timeout: 30 }) }), []);
  });

  it("counts the client's default when the hook entry has no timeout slot", async () => {
    const { timeout: _, ...guard } = settingsPack.guard;
    const entry = { matcher: "{matcher}", command: "{command}" };
    assert.deepEqual(
      await agc087({ ...settingsPack, guard, hooks: hooksWith({ entry, default_timeout: 2 }) }),
      [
        "hooks.default_timeout is 2 s, but the guard itself may take up to 5 s before it blocks; the client would kill it first and let the call through",
      ],
    );
  });

  it("holds for every built-in client pack that wires the guard", async () => {
    const packs = ["claude-code", "codex", "cursor", "gemini-cli", "github-copilot", "windsurf"];
    const registry = await settingsRegistry(packs);
    assert.deepEqual(
      registry.clients.map((client) => client.pack.client),
      packs,
    );
    assert.deepEqual([...guardOutlivesClientTimeout.run(registry)], []);
  });
});
