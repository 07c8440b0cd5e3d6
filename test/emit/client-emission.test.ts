import assert from "node:assert/strict";
import { chmodSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import type { Fixture } from "../../src/diagnostics/check-meta.js";
import { examplePack } from "../../src/diagnostics/client-fixture.js";
import { coreMarkdown, json } from "../../src/diagnostics/core-fixtures.js";
import { agentsMdAdapter, targetsWith } from "../../src/diagnostics/fixture-base.js";
import { withExamplePack } from "../../src/diagnostics/pack-fixtures.js";
import { compileRegistry } from "../../src/pipeline/compile.js";
import { locate } from "../support/check-harness.js";
import { testdir } from "../support/testdir.js";

/** A pack with every place: TOML agents, a csv globs format, a prefix, shared core and seed files. */
const fullPack = {
  ...examplePack,
  root_instruction_file: "<ROOT>",
  agents_dir: ".example/agents",
  commands_dir: ".example/commands",
  core_skill_prefix: "team-",
  runtime_placeholders: { "<RULES_DIR>": ".example/rules", "<ROOT>": "EXAMPLE.md", "<NAME>": "Example" },
  shared_core: [
    { src: "runtime/root.md", dst: "<ROOT>" },
    { src: "runtime/extra", dst: ".example/extra" },
  ],
  shared_seed: [{ src: "runtime/settings.json", dst: ".example/settings.json" }],
  rule_file: { extension: ".mdc", documented_fields: ["alwaysApply", "description", "globs"] },
  rule_triggers: {
    globs_format: "csv",
    map: {
      always_on: { fields: { alwaysApply: true } },
      model_decision: { fields: { alwaysApply: false, description: "{description}" } },
      glob: { fields: { alwaysApply: false, globs: "{globs}" } },
    },
  },
  skill_frontmatter: {
    fields: { name: "name", description: "description", argument_hint: "argument-hint" },
    tools_field: "allowed-tools",
    tools_format: "space",
    tool_names: { read: ["Read"], grep: ["Grep"], edit: ["Edit", "Write"] },
    model_invocation_field: "disable-model-invocation",
    skill_deny_field: "disallowed-tools",
    skill_deny_unmapped: "argument_patterns",
    drop_fields: ["permissions", "triggers"],
    documented_fields: [
      "name",
      "description",
      "argument-hint",
      "allowed-tools",
      "disallowed-tools",
      "disable-model-invocation",
    ],
  },
  agent_frontmatter: {
    format: "toml",
    extension: ".toml",
    fields: { name: "name", description: "description", model: "model" },
    body_field: "developer_instructions",
    tools_field: "tools",
    tools_format: "list",
    tool_names: { read: ["read_file"], grep: ["grep_files"] },
    deny_field: null,
    documented_fields: ["name", "description", "model", "developer_instructions", "tools"],
  },
  command_format: {
    format: "markdown",
    extension: ".prompt.md",
    fields: { description: "description", argument_hint: "argument-hint" },
    arguments_placeholder: "{{args}}",
    documented_fields: ["description", "argument-hint"],
  },
};

const core: Fixture = {
  "rules/style.md": coreMarkdown(
    ["trigger: always_on"],
    ["", "# Style", "", "<NAME> prefers small functions.", "", ""],
  ),
  "rules/layout.md": coreMarkdown(
    ["trigger: model_decision", "description: Where code goes."],
    ["Code is laid out by stage."],
  ),
  "rules/testing.md": coreMarkdown(
    ["trigger: glob", 'globs: ["test/**/*.ts", "src/**/*.test.ts"]'],
    ["Tests use real files."],
  ),
  "skills/review/SKILL.md": coreMarkdown(
    [
      "name: review",
      "description: Reviews the change.",
      "tools: [read, grep, exec]",
      "permissions:",
      "  deny: [edit, Exec(git push)]",
      "triggers: [user]",
      'argument_hint: "<branch>"',
    ],
    ["# Review", "", "Diff against $ARGUMENTS; see checklist.md."],
  ),
  "skills/review/checklist.md": "Rules are in <RULES_DIR>.\n",
  "agents/reader.md": coreMarkdown(
    ["name: reader", "description: Reads code.", "tools: [read, grep]", "model: inherit"],
    ["Read, never write."],
  ),
  "commands/mr.md": coreMarkdown(
    ["description: Writes a merge request description.", 'argument_hint: "<target>"'],
    ["Compare with $ARGUMENTS."],
  ),
};

function registry(pack: object = fullPack, coreFiles: Fixture = core): Fixture {
  return {
    ...withExamplePack(coreFiles, pack),
    "runtime/root.md": "# <NAME> project\n",
    "runtime/extra/a.md": "A for <NAME>\n",
    "runtime/extra/sub/b.txt": "B\n",
    "runtime/settings.json": '{ "name": "<NAME>" }\n',
  };
}

async function build(files: Fixture) {
  const result = await compileRegistry(testdir(files));
  assert.ok(result.tree);
  const text = (path: string) => result.tree?.files.find((f) => f.path === path)?.bytes.toString("utf8");
  return { ...result, tree: result.tree, text };
}

describe("client pack emission: exact files", () => {
  it("rules: frontmatter from the trigger mapping, a source comment, the body with placeholders", async () => {
    const { text, diagnostics } = await build(registry());
    assert.deepEqual(
      diagnostics.filter((d) => d.severity === "error"),
      [],
    );
    assert.equal(
      text(".example/rules/style.mdc"),
      "---\nalwaysApply: true\n---\n<!-- Generated by agentc from core/rules/style.md. Load trigger: always_on. -->\n\n# Style\n\nExample prefers small functions.\n",
    );
    assert.equal(
      text(".example/rules/layout.mdc"),
      "---\nalwaysApply: false\ndescription: Where code goes.\n---\n<!-- Generated by agentc from core/rules/layout.md. Load trigger: model_decision. Description: Where code goes. -->\n\nCode is laid out by stage.\n",
    );
    assert.equal(
      text(".example/rules/testing.mdc"),
      '---\nalwaysApply: false\nglobs: "test/**/*.ts, src/**/*.test.ts"\n---\n<!-- Generated by agentc from core/rules/testing.md. Load trigger: glob. -->\n\nTests use real files.\n',
    );
  });

  it("a YAML list of globs, and a slot without a value drops its field", async () => {
    const pack = {
      ...examplePack,
      rule_triggers: {
        globs_format: "list",
        map: {
          always_on: { fields: {} },
          glob: { fields: { paths: "{globs}", description: "{description}" } },
        },
      },
      rule_file: { extension: ".md", documented_fields: ["paths", "description"] },
    };
    const { text } = await build(registry(pack, { "rules/testing.md": core["rules/testing.md"] ?? "" }));
    assert.equal(
      text(".example/rules/testing.md"),
      '---\npaths:\n  - "test/**/*.ts"\n  - "src/**/*.test.ts"\n---\n<!-- Generated by agentc from core/rules/testing.md. Load trigger: glob. -->\n\nTests use real files.\n',
    );
  });

  it("raw fields: unquoted one-line values, brace groups expanded; a value that would break the line is reported, not written", async () => {
    const pack = {
      ...fullPack,
      rule_triggers: { ...fullPack.rule_triggers, raw_fields: ["globs", "description"] },
    };
    const rules: Fixture = {
      "rules/testing.md": coreMarkdown(
        ["trigger: glob", 'globs: ["test/**/*.{ts,tsx}", "src/**/*.test.ts"]'],
        ["Tests use real files."],
      ),
      "rules/layout.md": coreMarkdown(
        ["trigger: model_decision", "description: Where code goes, by stage."],
        ["Code is laid out by stage."],
      ),
      "rules/notes.md": coreMarkdown(
        ["trigger: model_decision", 'description: "Note: read first"'],
        ["Notes."],
      ),
      "rules/hash.md": coreMarkdown(["trigger: glob", 'globs: ["src/#gen/**"]'], ["Generated."]),
    };
    const { text, diagnostics, tree } = await build(registry(pack, rules));
    assert.equal(
      text(".example/rules/testing.mdc"),
      "---\nalwaysApply: false\nglobs: test/**/*.ts, test/**/*.tsx, src/**/*.test.ts\n---\n<!-- Generated by agentc from core/rules/testing.md. Load trigger: glob. -->\n\nTests use real files.\n",
    );
    assert.match(text(".example/rules/layout.mdc") ?? "", /\ndescription: Where code goes, by stage\.\n/);
    assert.equal(
      text(".example/rules/notes.mdc")?.split("<!--")[0],
      "---\nalwaysApply: false\n---\n",
      "the description is left out, not written broken",
    );
    assert.doesNotMatch(text(".example/rules/hash.mdc") ?? "", /globs/);
    const said = diagnostics
      .filter((d) => d.id === "AGC080" && d.file?.startsWith("core/rules/"))
      .map((d) => [d.file, d.line, d.message]);
    assert.deepEqual(said, [
      [
        "core/rules/hash.md",
        3,
        'Example Assistant cannot express: rule hash is loaded for files matching src/#gen/** (Example Assistant reads globs unquoted, and the rule\'s globs cannot be written that way: it contains "#"; the field is left out)',
      ],
      [
        "core/rules/notes.md",
        3,
        'Example Assistant cannot express: rule notes is loaded when the model judges it relevant (Example Assistant reads description unquoted, and the rule\'s description cannot be written that way: it contains ": "; the field is left out)',
      ],
    ]);
    const rows = tree.capabilities.filter(
      (r) => r.kind === "rule-load" && r.promise.startsWith("rule notes"),
    );
    assert.deepEqual(
      rows.map((r) => r.enforcement),
      ["cannot"],
    );
  });

  it("skills: prefixed folder, mapped fields, tool list, deny verbs, user-only, supporting files", async () => {
    const { text } = await build(registry());
    assert.equal(
      text(".example/skills/team-review/SKILL.md"),
      '---\nname: team-review\ndescription: Reviews the change.\nargument-hint: "<branch>"\nallowed-tools: Read Grep\ndisallowed-tools: Edit Write\ndisable-model-invocation: true\n---\n# Review\n\nDiff against $ARGUMENTS; see checklist.md.\n',
    );
    assert.equal(text(".example/skills/team-review/checklist.md"), "Rules are in .example/rules.\n");
  });

  it("a supporting script executable on disk stays executable, and is listed in the manifest", async () => {
    const dir = testdir({ ...registry(), "core/skills/review/run.sh": "#!/bin/sh\necho <NAME>\n" });
    chmodSync(join(dir, "core/skills/review/run.sh"), 0o755);
    const result = await compileRegistry(dir);
    const script = result.tree?.files.find((f) => f.path === ".example/skills/team-review/run.sh");
    assert.equal(script?.bytes.toString("utf8"), "#!/bin/sh\necho Example\n");
    assert.equal(script?.executable, true);
    const checklist = result.tree?.files.find((f) => f.path === ".example/skills/team-review/checklist.md");
    assert.equal(checklist?.executable, false);
    assert.deepEqual(result.manifest?.install.components.example?.executables, [
      ".example/skills/team-review/run.sh",
    ]);
  });

  it("agents as TOML with the body in body_field", async () => {
    const { text } = await build(registry());
    assert.equal(
      text(".example/agents/team-reader.toml"),
      'name = "team-reader"\ndescription = "Reads code."\nmodel = "inherit"\ntools = ["read_file", "grep_files"]\ndeveloper_instructions = \'\'\'\nRead, never write.\n\'\'\'\n',
    );
  });

  it("commands with the client's arguments placeholder", async () => {
    const { text } = await build(registry());
    assert.equal(
      text(".example/commands/team-mr.prompt.md"),
      '---\ndescription: Writes a merge request description.\nargument-hint: "<target>"\n---\nCompare with {{args}}.\n',
    );
  });

  it("shared_core files are owned (the root file always loaded), shared_seed files are seeds", async () => {
    const { tree, text, manifest } = await build(registry());
    assert.equal(text("EXAMPLE.md"), "# Example project\n");
    assert.equal(text(".example/extra/a.md"), "A for Example\n");
    assert.equal(text(".example/extra/sub/b.txt"), "B\n");
    assert.equal(text(".example/settings.json"), '{ "name": "Example" }\n');
    const origin = (path: string) => tree.files.find((f) => f.path === path);
    assert.deepEqual(origin("EXAMPLE.md")?.client, { client: "example", kind: "root", alwaysLoaded: true });
    assert.equal(origin(".example/extra/a.md")?.client?.kind, "shared-core");
    assert.equal(origin(".example/settings.json")?.role, "seed");
    assert.equal(origin(".example/settings.json")?.source, "runtime/settings.json");
    const component = manifest?.install.components.example;
    assert.equal(component?.name, "Example Assistant");
    assert.deepEqual(component?.seeds, [".example/settings.json"]);
    assert.ok(component?.owned_files.includes("EXAMPLE.md"));
    assert.ok(component?.owned_files.includes(".example/skills/team-review/checklist.md"));
  });

  it("a value the pack has no field for is reported at its key and not written", async () => {
    const files = registry();
    const { text, diagnostics } = await build(files);
    assert.doesNotMatch(text(".example/commands/team-mr.prompt.md") ?? "", /model/);
    const agent = text(".example/agents/team-reader.toml") ?? "";
    assert.match(agent, /model = "inherit"/);
    const pack = {
      ...fullPack,
      agent_frontmatter: {
        ...fullPack.agent_frontmatter,
        fields: { name: "name", description: "description" },
      },
    };
    const inherit = await build(registry(pack));
    assert.equal(
      inherit.diagnostics.filter((d) => d.file === "core/agents/reader.md").length,
      0,
      'model "inherit" is every client\'s default: nothing is lost',
    );
    const agentWithModel = coreMarkdown(
      ["name: reader", "description: Reads code.", "tools: [read, grep]", "model: fast"],
      ["Read, never write."],
    );
    const without = await build(registry(pack, { ...core, "agents/reader.md": agentWithModel }));
    assert.doesNotMatch(without.text(".example/agents/team-reader.toml") ?? "", /model/);
    const said = without.diagnostics.find((d) => d.file === "core/agents/reader.md" && d.id === "AGC080");
    assert.equal(
      said?.message,
      'agent reader: Example Assistant has no field for "model", so it is not written',
    );
    assert.equal(said?.line, 5);
    assert.equal(
      diagnostics.filter((d) => d.file === "core/agents/reader.md").length,
      0,
      "nothing to say when every value has a field",
    );
  });

  it("the same input gives the same bytes", async () => {
    const files = registry();
    const a = await build(files);
    const b = await build(files);
    assert.deepEqual(
      a.tree.files.map((f) => [f.path, f.bytes.toString("base64")]),
      b.tree.files.map((f) => [f.path, f.bytes.toString("base64")]),
    );
  });
});

describe("client pack emission: capability rows and losses", () => {
  it("one row per promise, each at its source", async () => {
    const files = registry();
    const { tree } = await build(files);
    const rows = tree.capabilities.map((r) => [
      r.kind,
      r.promise,
      r.enforcement,
      r.source.file,
      r.source.line,
    ]);
    const skill = "core/skills/review/SKILL.md";
    assert.deepEqual(rows, [
      [
        "rule-load",
        "rule layout is loaded when the model judges it relevant",
        "enforced",
        "core/rules/layout.md",
        2,
      ],
      ["rule-load", "rule style is loaded in every session", "enforced", "core/rules/style.md", 2],
      [
        "rule-load",
        "rule testing is loaded for files matching test/**/*.ts, src/**/*.test.ts",
        "enforced",
        "core/rules/testing.md",
        2,
      ],
      ["skill-tools", "skill review uses only read, grep, exec", "enforced", skill, 4],
      ["skill-tools", "skill review may use exec", "cannot", skill, 4],
      ["skill-deny", "skill review may not use edit", "enforced", skill, 6],
      ["skill-deny", "skill review may not use Exec(git push)", "cannot", skill, 6],
      ["skill-trigger", "skill review is started only by the person", "enforced", skill, 7],
      ["agent-tools", "agent reader uses only read, grep", "enforced", "core/agents/reader.md", 4],
      ["command", "command /mr runs its prompt", "enforced", "core/commands/mr.md", 2],
    ]);
    const pushRow = tree.capabilities.find((r) => r.promise.endsWith("may not use Exec(git push)"));
    assert.deepEqual(pushRow?.source, { ...locate(files, "core/skills/review/SKILL.md", "Exec(git push)") });
    assert.match(pushRow?.reason ?? "", /silently ignores argument patterns in disallowed-tools/);
  });

  it("every cannot row is an AGC080 warning at its source", async () => {
    const { diagnostics } = await build(registry());
    const warnings = diagnostics
      .filter((d) => d.id === "AGC080")
      .map((d) => [d.severity, d.file, d.line, d.message]);
    assert.deepEqual(warnings, [
      [
        "warning",
        "core/skills/review/SKILL.md",
        4,
        "Example Assistant cannot express: skill review may use exec (clients/example.json names no Example Assistant tool for verb exec; the allowed-tools list leaves it out)",
      ],
      [
        "warning",
        "core/skills/review/SKILL.md",
        6,
        "Example Assistant cannot express: skill review may not use Exec(git push) (Example Assistant silently ignores argument patterns in disallowed-tools; only the project-wide permissions can hold this rule)",
      ],
    ]);
  });

  it("a place that is null turns every item of that kind into a cannot row", async () => {
    const pack = { ...examplePack, skills_dir: null, rules_dir: null };
    const { tree, diagnostics } = await build(registry(pack));
    assert.equal(tree.files.filter((f) => f.client).length, 0, "no rule or skill file is written");
    const cannot = tree.capabilities.filter((r) => r.enforcement === "cannot").map((r) => r.promise);
    assert.deepEqual(cannot, [
      "rule layout is loaded when the model judges it relevant",
      "rule style is loaded in every session",
      "rule testing is loaded for files matching test/**/*.ts, src/**/*.test.ts",
      "skill review can be started",
      "agent reader can be started",
      "command /mr runs its prompt",
    ]);
    assert.equal(diagnostics.filter((d) => d.id === "AGC080").length, 6);
    assert.match(
      diagnostics.find((d) => d.file === "core/skills/review/SKILL.md")?.message ?? "",
      /Example Assistant has no skills dir \(skills_dir is null in clients\/example\.json\)/,
    );
  });

  it("a load trigger without a mapping is AGC081 at the rule's trigger, and the rule is not written", async () => {
    const files = withExamplePack({
      "rules/release.md": coreMarkdown(
        ["trigger: manual", "description: How a release is cut."],
        ["Tag it."],
      ),
    });
    const result = await compileRegistry(testdir(files));
    const errors = result.diagnostics.filter((d) => d.severity === "error");
    assert.deepEqual(
      errors.map((d) => [d.id, d.file, d.line, d.column]),
      [["AGC081", "core/rules/release.md", 2, 10]],
    );
    assert.match(
      errors[0]?.message ?? "",
      /rule release has load trigger "manual", which client pack example/,
    );
    assert.match(errors[0]?.hint ?? "", /The pack maps: always_on, glob/);
    assert.equal(result.diagnostics.filter((d) => d.id === "AGC080").length, 0, "said once, as the error");
    assert.equal(result.ok, false);
    assert.equal(result.tree?.files.filter((f) => f.client).length, 0);
  });

  it("a mapping with a deviation reports it with its own severity", async () => {
    const pack = {
      ...examplePack,
      rule_triggers: {
        globs_format: "list",
        map: { manual: { fields: {}, deviation: { severity: "info", message: "loaded at every start" } } },
      },
    };
    const files = withExamplePack(
      {
        "rules/release.md": coreMarkdown(
          ["trigger: manual", "description: How a release is cut."],
          ["Tag it."],
        ),
      },
      pack,
    );
    const result = await compileRegistry(testdir(files));
    const said = result.diagnostics.filter((d) => d.id === "AGC080");
    assert.deepEqual(
      said.map((d) => [d.severity, d.message]),
      [["info", "rule release in Example Assistant: loaded at every start"]],
    );
    assert.equal(result.tree?.capabilities[0]?.enforcement, "instruction");
  });
});

describe("client packs next to adapters", () => {
  it("a pack with an adapter's id shares its component in the manifest", async () => {
    const pack = { ...examplePack, client: "agents-md", name: "Agents file" };
    const files = {
      ...withExamplePack({ "rules/style.md": core["rules/style.md"] ?? "" }),
      "clients/example.json": undefined,
      "clients/agents-md.json": json(pack),
    } as Record<string, string | undefined>;
    delete files["clients/example.json"];
    const result = await compileRegistry(testdir(files as Fixture));
    const components = Object.keys(result.manifest?.install.components ?? {});
    assert.deepEqual(components, ["agents-md"]);
    assert.deepEqual(result.manifest?.install.components["agents-md"]?.owned_files, [
      ".example/rules/style.md",
      "AGENTS.md",
    ]);
  });

  it("a pack and an adapter writing one path with different bytes is AGC028 at the pack", async () => {
    const notes = {
      ...agentsMdAdapter,
      id: "notes",
      output_dir: ".example/rules",
      pinned_global_name: "style",
    };
    const files = {
      ...withExamplePack({ "rules/style.md": core["rules/style.md"] ?? "" }),
      "targets.json": targetsWith([notes], { builtin_clients: "none" }),
    };
    const result = await compileRegistry(testdir(files));
    const clash = result.diagnostics.find((d) => d.id === "AGC028");
    assert.ok(clash, JSON.stringify(result.diagnostics));
    assert.match(
      clash.message,
      /Adapter "notes" and client pack "example" both write \.example\/rules\/style\.md/,
    );
    assert.equal(clash.file, "clients/example.json");
  });
});
