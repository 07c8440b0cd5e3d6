import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { builtinClientPacks } from "../../src/clients/load-client-packs.js";
import { agentsMdAdapter, baseFixture } from "../../src/diagnostics/fixture-base.js";
import { compileRegistry } from "../../src/pipeline/compile.js";
import { builtinAssistants, checkBuiltinAssistants, findAssistants } from "../../src/registry/assistants.js";
import { builtinAdapters } from "../../src/registry/builtin-adapters.js";
import { packageRoot } from "../../src/shared/package-paths.js";
import { testdir } from "../support/testdir.js";

const skill = "---\nname: explain\ndescription: Explains the selected code.\n---\n# Explain\n\nExplain it.\n";

function registryWith(targets: object): string {
  return testdir({
    ...baseFixture,
    "targets.json": `${JSON.stringify({ version: 1, ...targets }, null, 2)}\n`,
    "core/skills/explain/SKILL.md": skill,
  });
}

describe("assistants: one key chooses the adapters and client packs of each assistant", () => {
  it("every assistants/*.json names only built-in adapters and packs, and is listed in package.json files", () => {
    const diagnostics = checkBuiltinAssistants(
      builtinAdapters().map((a) => a.adapter.id),
      builtinClientPacks().map((p) => p.pack.client),
    );
    assert.deepEqual(diagnostics, []);
    assert.ok(builtinAssistants().length >= 10);
    const files = JSON.parse(readFileSync(join(packageRoot, "package.json"), "utf8")).files as string[];
    assert.ok(files.includes("assistants"));
  });

  it('"assistants" selects exactly the built-ins of the chosen assistants', async () => {
    const result = await compileRegistry(registryWith({ assistants: ["cursor", "codex"] }));
    assert.equal(result.ok, true, JSON.stringify(result.diagnostics.filter((d) => d.severity === "error")));
    assert.deepEqual(result.registry?.adapters.map((a) => a.adapter.id).sort(), ["agents-md", "cursor"]);
    assert.deepEqual(result.registry?.clients.map((c) => c.pack.client).sort(), ["codex", "cursor"]);
    assert.deepEqual(result.manifest?.install.default_components, ["agents-md", "codex", "cursor"]);
  });

  it("builtin_adapters and builtin_clients, where given, decide their kind on their own", async () => {
    const result = await compileRegistry(
      registryWith({ assistants: ["cursor"], builtin_clients: ["claude-code"] }),
    );
    assert.deepEqual(result.registry?.adapters.map((a) => a.adapter.id).sort(), ["agents-md", "cursor"]);
    assert.deepEqual(
      result.registry?.clients.map((c) => c.pack.client),
      ["claude-code"],
    );
  });

  it("a registry naming no assistant keeps every built-in", async () => {
    const result = await compileRegistry(registryWith({}));
    assert.equal(result.registry?.adapters.length, builtinAdapters().length);
    assert.equal(result.manifest?.install.default_components, undefined);
  });

  it("an unknown assistant is an error at its place with the nearest known id", async () => {
    const result = await compileRegistry(registryWith({ assistants: ["cursr"] }));
    const found = result.diagnostics.find((d) => d.message.includes('"cursr"'));
    assert.equal(found?.id, "AGC002");
    assert.equal(found?.severity, "error");
    assert.equal(found?.line, 4);
    assert.match(found?.hint ?? "", /Did you mean "cursor"\?/);
  });

  it("findAssistants names the nearest id for a typo", () => {
    const found = findAssistants(["claude-cod"]);
    assert.equal(found.ok, false);
    assert.match(found.ok ? "" : found.message, /did you mean "claude-code"/);
  });

  it("an own single_file adapter replaces the built-in one of a chosen assistant, said in one info line", async () => {
    const own = { ...agentsMdAdapter, id: "team-file" };
    const result = await compileRegistry(registryWith({ assistants: ["cursor"], targets: [own] }));
    assert.equal(result.ok, true, JSON.stringify(result.diagnostics.filter((d) => d.severity === "error")));
    assert.deepEqual(result.registry?.adapters.map((a) => a.adapter.id).sort(), ["cursor", "team-file"]);
    const infos = result.diagnostics.filter((d) => d.id === "AGC130");
    assert.equal(infos.length, 1);
    assert.match(
      infos[0]?.message ?? "",
      /built-in adapter "agents-md" left out: targets\[\] adapters "team-file"/,
    );
  });

  it("an own adapter writing GEMINI.md also retires the built-in whose link is GEMINI.md, and one whose link leads to a file left out", async () => {
    const own = { ...agentsMdAdapter, id: "team-gemini", pinned_global_name: "GEMINI" };
    const result = await compileRegistry(
      registryWith({ assistants: ["gemini-cli", "cursor"], targets: [own] }),
    );
    assert.equal(result.ok, true, JSON.stringify(result.diagnostics.filter((d) => d.severity === "error")));
    assert.deepEqual(result.registry?.adapters.map((a) => a.adapter.id).sort(), ["cursor", "team-gemini"]);
    const infos = result.diagnostics.filter((d) => d.id === "AGC130");
    assert.match(infos[0]?.message ?? "", /built-in adapters "agents-md", "gemini-cli" left out/);
    assert.ok(result.tree?.files.some((f) => f.path === "GEMINI.md"));
  });

  it("an own link at GEMINI.md retires only the built-in that links there; AGENTS.md stays", async () => {
    const own = {
      id: "team-links",
      output_dir: ".team/rules",
      extension: ".md",
      scoped_layout: "flat",
      install: { adapter_symlinks: [{ link: "GEMINI.md", target: "AGENTS.md", fallback: "copy" }] },
    };
    const result = await compileRegistry(
      registryWith({ assistants: ["gemini-cli", "cursor"], targets: [own] }),
    );
    assert.equal(result.ok, true, JSON.stringify(result.diagnostics.filter((d) => d.severity === "error")));
    assert.deepEqual(result.registry?.adapters.map((a) => a.adapter.id).sort(), [
      "agents-md",
      "cursor",
      "team-links",
    ]);
  });
});
