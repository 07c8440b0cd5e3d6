import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { loadRegistry } from "../../src/registry/load-registry.js";
import { testdir } from "../support/testdir.js";

const rule = (title: string, extra = "") =>
  `---\nscope: global\n${extra}---\n# ${title}\n\nText of ${title}.\n`;

function sources(list: object[], extra: object = {}): string {
  return JSON.stringify({ version: 1, sources: list, ...extra }, null, 2);
}

const noBuiltins = JSON.stringify({
  version: 1,
  builtin_adapters: "none",
  targets: [
    {
      id: "root",
      output_dir: "",
      extension: ".md",
      global_placement: "single_file",
      pinned_global_name: "AGENTS",
    },
  ],
});

describe("loadRegistry", () => {
  it("takes a duplicate slug from the higher-priority kind and reports the loser as info", async () => {
    const dir = testdir({
      "sources.json": sources([
        { name: "community", kind: "community", path: "c" },
        { name: "mine", kind: "custom", path: "m" },
      ]),
      "targets.json": noBuiltins,
      "c/style.md": rule("Style"),
      "m/style.md": rule("Style"),
    });
    const { registry, diagnostics } = await loadRegistry(dir);
    assert.deepEqual(
      registry?.rules.map((r) => [r.slug, r.sourceName]),
      [["style", "mine"]],
    );
    const info = diagnostics.find((d) => d.id === "AGC009");
    assert.equal(info?.severity, "info");
    assert.equal(info?.file, "c/style.md");
    assert.match(info?.message ?? "", /overridden by custom source "mine" at m\/style\.md:4:1/);
  });

  it("resolves two sources of one kind by their order, as a warning", async () => {
    const dir = testdir({
      "sources.json": sources([
        { name: "first", kind: "community", path: "a" },
        { name: "second", kind: "community", path: "b" },
      ]),
      "targets.json": noBuiltins,
      "a/x.md": rule("Style"),
      "b/x.md": rule("Style"),
    });
    const { registry, diagnostics } = await loadRegistry(dir);
    assert.equal(registry?.rules[0]?.sourceName, "first");
    assert.equal(diagnostics.find((d) => d.id === "AGC009")?.severity, "warning");
  });

  it("skips disabled sources entirely", async () => {
    const dir = testdir({
      "sources.json": sources([
        { name: "on", kind: "custom", path: "a" },
        { name: "off", kind: "custom", path: "missing", enabled: false },
      ]),
      "targets.json": noBuiltins,
      "a/x.md": rule("Style"),
    });
    const { registry, diagnostics } = await loadRegistry(dir);
    assert.equal(registry?.rules.length, 1);
    assert.deepEqual(diagnostics, []);
  });

  it("drops a superseded rule with a warning at the supersedes field, and warns on an unknown target", async () => {
    const dir = testdir({
      "sources.json": sources([{ name: "m", kind: "custom", path: "m" }]),
      "targets.json": noBuiltins,
      "m/old.md": rule("Old Rule"),
      "m/new.md": rule("New Rule", "supersedes: old-rule\n"),
      "m/other.md": rule("Other", "supersedes: ghost\n"),
    });
    const { registry, diagnostics } = await loadRegistry(dir);
    assert.deepEqual(registry?.rules.map((r) => r.slug).sort(), ["new-rule", "other"]);
    const dropped = diagnostics.find((d) => d.id === "AGC010");
    assert.deepEqual([dropped?.file, dropped?.line, dropped?.severity], ["m/new.md", 3, "warning"]);
    const unknown = diagnostics.find((d) => d.id === "AGC011");
    assert.deepEqual([unknown?.file, unknown?.line, unknown?.severity], ["m/other.md", 3, "warning"]);
  });

  it("orders rules by source order, then file path in code-point order, then position", async () => {
    const dir = testdir({
      "sources.json": sources([
        { name: "b", kind: "custom", path: "b" },
        { name: "a", kind: "community", path: "a" },
      ]),
      "targets.json": noBuiltins,
      "a/a.md": rule("From A"),
      "b/Z.md": rule("Upper Z"),
      "b/a.md": `${rule("Lower A")}\n## Second In A\n\nx\n`,
      "b/sub/deep.md": rule("Deep"),
    });
    const { registry } = await loadRegistry(dir);
    assert.deepEqual(
      registry?.rules.map((r) => r.slug),
      ["upper-z", "lower-a", "second-in-a", "deep", "from-a"],
    );
  });

  it("reports an unknown key in sources.json at the key's line and column", async () => {
    const dir = testdir({
      "sources.json":
        '{\n  "version": 1,\n  "sources": [\n    {"name": "m", "kind": "custom", "path": "m", "enabeld": true}\n  ]\n}\n',
      "targets.json": noBuiltins,
    });
    const { registry, diagnostics } = await loadRegistry(dir);
    assert.equal(registry, undefined);
    const [d] = diagnostics;
    assert.deepEqual([d?.id, d?.file, d?.line, d?.column], ["AGC002", "sources.json", 4, 50]);
    assert.match(d?.hint ?? "", /Did you mean "enabled"/);
  });

  it("reports malformed JSON at the offending character", async () => {
    const dir = testdir({ "sources.json": '{"version": 1, "sources": [],}\n', "targets.json": noBuiltins });
    const { diagnostics } = await loadRegistry(dir);
    assert.equal(diagnostics[0]?.id, "AGC001");
    assert.deepEqual([diagnostics[0]?.line, diagnostics[0]?.column], [1, 30]);
  });

  it("reports a missing registry as AGC003 with a hint to run init", async () => {
    const { registry, diagnostics } = await loadRegistry(testdir({}));
    assert.equal(registry, undefined);
    assert.deepEqual(
      diagnostics.map((d) => d.id),
      ["AGC003", "AGC003"],
    );
    assert.match(diagnostics[0]?.hint ?? "", /agentc init/);
  });

  it("overrides a built-in adapter field by field and keeps its other fields", async () => {
    const dir = testdir({
      "sources.json": sources([{ name: "m", kind: "custom", path: "m" }]),
      "targets.json": JSON.stringify({
        version: 1,
        builtin_adapters: ["agents-md"],
        targets: [
          { id: "agents-md", pinned_global_name: "TEAM" },
          {
            id: "extra",
            output_dir: "extra",
            extension: ".txt",
            global_placement: "none",
            scoped_layout: "flat",
          },
        ],
      }),
      "m/x.md": rule("Style"),
    });
    const { registry } = await loadRegistry(dir);
    const ids = registry?.adapters.map((a) => a.adapter.id);
    assert.deepEqual(ids, ["agents-md", "extra"]);
    const agents = registry?.adapters[0];
    assert.equal(agents?.adapter.pinned_global_name, "TEAM");
    assert.equal(agents?.adapter.global_placement, "single_file");
    assert.equal(agents?.origin.builtin, false);
    assert.deepEqual(agents?.origin.path, ["targets", 0]);
  });

  it("does not let a built-in that builtin_adapters leaves out leak fields into an adapter of the same id", async () => {
    const dir = testdir({
      "sources.json": sources([{ name: "m", kind: "custom", path: "m" }]),
      "targets.json": JSON.stringify({
        version: 1,
        builtin_adapters: "none",
        targets: [
          {
            id: "agents-md",
            output_dir: "",
            extension: ".txt",
            global_placement: "single_file",
            pinned_global_name: "RULES",
          },
        ],
      }),
      "m/x.md": rule("Style"),
    });
    const { registry } = await loadRegistry(dir);
    assert.equal(registry?.adapters[0]?.adapter.name, undefined);
    assert.equal(registry?.adapters[0]?.adapter.install, undefined);
  });

  it("requires an import_template where a link falls back to an import file", async () => {
    const dir = testdir({
      "sources.json": sources([{ name: "m", kind: "custom", path: "m" }]),
      "targets.json": JSON.stringify({
        version: 1,
        builtin_adapters: "none",
        targets: [
          {
            id: "root",
            output_dir: "",
            extension: ".md",
            global_placement: "single_file",
            pinned_global_name: "AGENTS",
            install: { adapter_symlinks: [{ link: "X.md", target: "AGENTS.md", fallback: "import" }] },
          },
        ],
      }),
      "m/x.md": rule("Style"),
    });
    const { registry, diagnostics } = await loadRegistry(dir);
    assert.equal(registry, undefined);
    assert.deepEqual(
      diagnostics.map((d) => [d.id, d.message]),
      [["AGC002", 'Missing required key "import_template" in targets[0].install.adapter_symlinks[0]']],
    );
  });

  it("reports an unknown built-in adapter id", async () => {
    const dir = testdir({
      "sources.json": sources([{ name: "m", kind: "custom", path: "m" }]),
      "targets.json": JSON.stringify({ version: 1, builtin_adapters: ["agents-md", "no-such-tool"] }),
      "m/x.md": rule("Style"),
    });
    const { diagnostics } = await loadRegistry(dir);
    assert.ok(diagnostics.some((d) => d.id === "AGC002" && /no-such-tool/.test(d.message)));
  });
});
