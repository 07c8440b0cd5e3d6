import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { compileRegistry } from "../../src/pipeline/compile.js";
import { testdir } from "../support/testdir.js";

const oldSettings = "1".repeat(64);
const olderSettings = "2".repeat(64);

/** A registry whose one adapter seeds two files; `seeds` is written as the test says. */
function registryWith(seeds: unknown): string {
  return testdir({
    "sources.json": JSON.stringify({
      version: 1,
      sources: [{ name: "team", kind: "custom", path: "rules" }],
    }),
    "targets.json": JSON.stringify({
      version: 1,
      builtin_adapters: "none",
      targets: [
        {
          id: "agents",
          output_dir: "",
          extension: ".md",
          global_placement: "single_file",
          pinned_global_name: "AGENTS",
          install: { seeds },
        },
      ],
    }),
    "rules/a.md": "---\nscope: global\n---\n# Always\n\nBe kind.\n",
    "seeds/settings.json": "{}\n",
    "seeds/mcp.json": "{}\n",
  });
}

async function seedLines(seeds: unknown): Promise<{ seeds: string[]; refresh: string[]; errors: string[] }> {
  const compiled = await compileRegistry(registryWith(seeds));
  const errors = compiled.diagnostics.filter((d) => d.severity === "error").map((d) => d.message);
  const manifest = compiled.manifest;
  return {
    seeds: manifest?.install.components.agents?.seeds ?? [],
    refresh: manifest?.install.seed_refresh_hashes ?? [],
    errors,
  };
}

const set = { source_dir: "seeds", install_dir: ".config", files: ["settings.json", "mcp.json"] };

describe("seed 000: install.seeds and known_hashes in both forms", async () => {
  it("one object (the seed's form) and a list of one object seed the same files", async () => {
    const single = await seedLines(set);
    const listed = await seedLines([set]);
    assert.deepEqual(single.errors, []);
    assert.deepEqual(single.seeds, [".config/mcp.json", ".config/settings.json"]);
    assert.deepEqual(listed, single);
  });

  it("a list of hashes (the seed's form) refreshes every file of the set, like the same hashes per file", async () => {
    const asList = await seedLines({ ...set, known_hashes: [oldSettings, olderSettings] });
    const perFile = await seedLines({
      ...set,
      known_hashes: {
        "settings.json": [oldSettings, olderSettings],
        "mcp.json": [oldSettings, olderSettings],
      },
    });
    assert.deepEqual(asList.errors, []);
    assert.deepEqual(asList.refresh, [
      `.config/mcp.json :: ${oldSettings}`,
      `.config/mcp.json :: ${olderSettings}`,
      `.config/settings.json :: ${oldSettings}`,
      `.config/settings.json :: ${olderSettings}`,
    ]);
    assert.deepEqual(perFile, asList);
  });

  it("a per-file map refreshes only the files it names", async () => {
    const lines = await seedLines({ ...set, known_hashes: { "settings.json": [oldSettings] } });
    assert.deepEqual(lines.refresh, [`.config/settings.json :: ${oldSettings}`]);
  });

  it("a hash that is not 64 hex digits is an error in either form", async () => {
    assert.equal((await seedLines({ ...set, known_hashes: ["abc"] })).errors.length > 0, true);
    assert.equal(
      (await seedLines({ ...set, known_hashes: { "mcp.json": ["abc"] } })).errors.length > 0,
      true,
    );
  });
});
