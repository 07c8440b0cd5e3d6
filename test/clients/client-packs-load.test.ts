import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { builtinClientPacks, checkBuiltinClientPacks } from "../../src/clients/load-client-packs.js";
import type { Fixture } from "../../src/diagnostics/check-meta.js";
import { examplePack } from "../../src/diagnostics/client-fixture.js";
import { json, reviewSkill, withCore } from "../../src/diagnostics/core-fixtures.js";
import { agentsMdAdapter, targetsWith, withBase } from "../../src/diagnostics/fixture-base.js";
import { withExamplePack } from "../../src/diagnostics/pack-fixtures.js";
import { loadRegistry } from "../../src/registry/load-registry.js";
import { locate } from "../support/check-harness.js";
import { testdir } from "../support/testdir.js";

async function load(files: Fixture) {
  const { registry, diagnostics } = await loadRegistry(testdir(files));
  return { registry, diagnostics };
}

/** The example pack as text, with one key changed by text replacement (to keep positions meaningful). */
function packWith(change: Record<string, unknown>): object {
  return { ...examplePack, ...change };
}

describe("built-in client packs", () => {
  it("every pack in clients/ is valid and loaded", () => {
    const { packs, diagnostics } = checkBuiltinClientPacks();
    assert.deepEqual(diagnostics, []);
    assert.ok(packs.some((p) => p.pack.client === "claude-code"));
    for (const p of packs) {
      assert.equal(p.origin, "builtin");
      assert.equal(p.file, `clients/${p.pack.client}.json`);
    }
  });

  it("drops notes: no key starting with _ reaches the compiler", () => {
    const text = JSON.stringify(builtinClientPacks().map((p) => p.pack));
    assert.doesNotMatch(text, /"_[a-z_]*":/);
    assert.doesNotMatch(text, /"\$schema":/);
  });
});

describe("choosing client packs (targets.json builtin_clients)", () => {
  it("a registry without core/ gets no pack: it builds as before", async () => {
    const { registry } = await load(withBase({}));
    assert.deepEqual(registry?.clients, []);
  });

  it("a registry with core/ content gets every built-in pack by default", async () => {
    const { registry } = await load(withCore({ "skills/review/SKILL.md": reviewSkill }));
    const ids = builtinClientPacks().map((p) => p.pack.client);
    assert.deepEqual(
      registry?.clients.map((c) => c.pack.client),
      ids,
    );
  });

  it('"none" and a list choose exactly those', async () => {
    const none = await load({
      ...withCore({ "skills/review/SKILL.md": reviewSkill }),
      "targets.json": targetsWith([agentsMdAdapter], { builtin_clients: "none" }),
    });
    assert.deepEqual(none.registry?.clients, []);
    const list = await load({
      ...withBase({}),
      "targets.json": targetsWith([agentsMdAdapter], { builtin_clients: ["claude-code"] }),
    });
    assert.deepEqual(
      list.registry?.clients.map((c) => c.pack.client),
      ["claude-code"],
    );
  });

  it("an unknown id is an error at its place, with a did-you-mean", async () => {
    const files = {
      ...withBase({}),
      "targets.json": targetsWith([agentsMdAdapter], { builtin_clients: ["claude-cod"] }),
    };
    const { diagnostics } = await load(files);
    const found = diagnostics.find((d) => d.message.includes("claude-cod"));
    assert.ok(found, JSON.stringify(diagnostics));
    assert.equal(found.id, "AGC002");
    assert.deepEqual(
      { file: found.file, line: found.line, column: found.column },
      locate(files, "targets.json", '"claude-cod"'),
    );
    assert.match(found.hint, /Did you mean "claude-code"\?/);
  });

  it("a registry's clients/<id>.json replaces the built-in pack of that id", async () => {
    const mine = { ...examplePack, client: "claude-code", name: "Mine" };
    const files = {
      ...withExamplePack({}),
      "targets.json": targetsWith([agentsMdAdapter], { builtin_clients: ["claude-code"] }),
      "clients/claude-code.json": json(mine),
    };
    const { registry, diagnostics } = await load(files);
    assert.deepEqual(diagnostics, []);
    const names = registry?.clients.map((c) => [c.pack.client, c.pack.name, c.origin]);
    assert.deepEqual(names, [
      ["claude-code", "Mine", "registry"],
      ["example", "Example Assistant", "registry"],
    ]);
  });
});

/** Loads the example registry with a changed pack; returns the AGC082 diagnostics. */
async function packErrors(pack: object, text?: string) {
  const files = withExamplePack({}, pack);
  if (text) files["clients/example.json"] = text;
  const { diagnostics, registry } = await load(files);
  return { files, errors: diagnostics.filter((d) => d.severity === "error"), registry };
}

describe("bad pack data is a positioned AGC082, and the pack is not used", () => {
  it("an unknown key, with did-you-mean", async () => {
    const { files, errors, registry } = await packErrors(
      {},
      json(examplePack).replace('"skills_dir"', '"skils_dir"'),
    );
    const error = errors.find((e) => e.message.includes("skils_dir"));
    assert.ok(error, JSON.stringify(errors));
    assert.equal(error.id, "AGC082");
    assert.deepEqual(
      { file: error.file, line: error.line, column: error.column },
      locate(files, "clients/example.json", '"skils_dir"'),
    );
    assert.match(error.hint, /Did you mean "skills_dir"\?/);
    assert.deepEqual(registry?.clients, []);
  });

  it("a wrong enum value names the allowed ones", async () => {
    const pack = packWith({ rule_triggers: { globs_format: "yaml", map: {} } });
    const { errors } = await packErrors(pack);
    assert.equal(errors[0]?.id, "AGC082");
    assert.match(errors[0]?.hint ?? "", /"list", "csv"/);
  });

  it("a placeholder used in a path but not defined", async () => {
    const { files, errors } = await packErrors(packWith({ skills_dir: "<SKILLS_DIR>/x" }));
    assert.equal(errors.length, 1, JSON.stringify(errors));
    const [error] = errors;
    assert.equal(error?.id, "AGC082");
    assert.match(
      error?.message ?? "",
      /placeholder <SKILLS_DIR> is used here but runtime_placeholders does not define it/,
    );
    assert.deepEqual(
      { file: error?.file, line: error?.line, column: error?.column },
      locate(files, "clients/example.json", '"<SKILLS_DIR>/x"'),
    );
  });

  it("a raw field that cannot be one unquoted line: a YAML list of globs, or a literal that breaks the line", async () => {
    const triggers = (glob: object, globs_format = "csv") => ({
      rule_triggers: { globs_format, raw_fields: ["paths"], map: { always_on: { fields: {} }, glob } },
    });
    const list = await packErrors(packWith(triggers({ fields: { paths: "{globs}" } }, "list")));
    assert.equal(list.errors[0]?.id, "AGC082");
    assert.match(
      list.errors[0]?.message ?? "",
      /paths is in raw_fields, but "\{globs\}" is written as a YAML list/,
    );
    const literal = await packErrors(packWith(triggers({ fields: { paths: "a: b" } })));
    assert.match(literal.errors[0]?.message ?? "", /cannot be written unquoted: it contains ": "/);
    const fine = await packErrors(packWith(triggers({ fields: { paths: "{globs}" } })));
    assert.deepEqual(fine.errors, []);
  });

  it("a guard timeout where the hook entry has no {timeout} slot", async () => {
    const hooks = {
      file: ".example/hooks.json",
      format: "json",
      key: ["hooks"],
      events: { before_tool: "pre" },
      hook_tools: { read: ["Read"] },
      entry: { command: "{command}" },
      hook_path_fields: [],
      hook_mcp_prefixes: [],
      hook_can_block: true,
      hook_fail_closed: false,
    };
    const guard = { path: ".example/guard.mjs", command: "node {path}", verbs: ["read"], timeout: 10 };
    const { errors } = await packErrors(packWith({ hooks, guard }));
    assert.equal(errors.length, 1, JSON.stringify(errors));
    assert.match(errors[0]?.message ?? "", /guard\.timeout is set but hooks\.entry has no \{timeout\} slot/);
    const { timeout: _t, ...untimed } = guard;
    assert.deepEqual((await packErrors(packWith({ hooks, guard: untimed }))).errors, []);
  });

  it("a place without its format", async () => {
    const { rule_file: _r, ...pack } = examplePack;
    const { errors } = await packErrors(pack);
    assert.match(errors[0]?.message ?? "", /rules_dir is set but rule_file is missing/);
  });

  it("deny tool names from hook_tools without hooks", async () => {
    const pack = packWith({
      skill_frontmatter: { ...examplePack.skill_frontmatter, deny_tools_from: "hook_tools" },
    });
    const { errors } = await packErrors(pack);
    assert.match(
      errors[0]?.message ?? "",
      /deny_tools_from is "hook_tools" but the pack has no hooks section/,
    );
  });

  it("a mapped field missing from documented_fields", async () => {
    const pack = packWith({
      skill_frontmatter: {
        ...examplePack.skill_frontmatter,
        fields: { name: "name", description: "summary" },
      },
    });
    const { files, errors } = await packErrors(pack);
    assert.match(errors[0]?.message ?? "", /field "summary" is written but not in documented_fields/);
    assert.equal(errors[0]?.line, locate(files, "clients/example.json", '"summary"').line);
  });

  it("agent permissions without a rule form, or in a field the client does not document", async () => {
    const agentFrontmatter = {
      format: "markdown",
      extension: ".md",
      fields: { description: "description" },
      tools_field: null,
      tools_format: "list",
      tool_names: {},
      permissions: { field: "rules" },
      documented_fields: ["description"],
    };
    const pack = packWith({ agents_dir: ".example/agents", agent_frontmatter: agentFrontmatter });
    const { errors } = await packErrors(pack);
    assert.deepEqual(
      errors.map((e) => e.message),
      [
        'clients/example.json: field "rules" is written but not in documented_fields',
        "clients/example.json: agent permissions have no rule form: no rule_form, and the pack has no permissions section",
      ],
    );
  });

  it("a trigger field value that is half a slot", async () => {
    const pack = packWith({
      rule_triggers: { globs_format: "list", map: { glob: { fields: { paths: "globs: {globs}" } } } },
    });
    const { errors } = await packErrors(pack);
    assert.match(errors[0]?.message ?? "", /is not a slot/);
  });

  it("a file named unlike its client", async () => {
    const files = withExamplePack({});
    files["clients/other.json"] = files["clients/example.json"] ?? "";
    const { diagnostics } = await load(files);
    const found = diagnostics.find((d) => d.file === "clients/other.json");
    assert.equal(found?.id, "AGC082");
    assert.match(found?.message ?? "", /declares client "example" but is named other\.json/);
  });

  it("a shared_core source missing from the registry", async () => {
    const pack = packWith({ shared_core: [{ src: "runtime/missing.md", dst: "ROOT.md" }] });
    const { files, errors } = await packErrors(pack);
    assert.equal(errors[0]?.id, "AGC082");
    assert.match(errors[0]?.message ?? "", /runtime\/missing\.md does not exist in the registry/);
    assert.equal(errors[0]?.line, locate(files, "clients/example.json", '"runtime/missing.md"').line);
  });

  it("malformed JSON is AGC001 at the place", async () => {
    const { errors } = await packErrors({}, '{ "client": "example", }');
    assert.equal(errors[0]?.id, "AGC001");
    assert.equal(errors[0]?.file, "clients/example.json");
  });
});
