import type { Fixture } from "./check-meta.js";
import { agentsMdAdapter, baseFixture, targetsWith } from "./fixture-base.js";

const exampleSkillFrontmatter = {
  fields: { name: "name", description: "description" },
  tools_field: "allowed-tools",
  tools_format: "csv",
  tool_names: { read: ["Read"], grep: ["Grep"], glob: ["Glob"], edit: ["Edit", "Write"], exec: ["Bash"] },
  model_invocation_field: "disable-model-invocation",
  model_invocation_value: true,
  skill_deny_field: "disallowed-tools",
  skill_deny_unmapped: "argument_patterns",
  drop_fields: ["permissions", "triggers"],
  documented_fields: ["name", "description", "allowed-tools", "disable-model-invocation", "disallowed-tools"],
};

/** A small client pack written by a registry (clients/example.json): rules and skills, nothing else. */
export const examplePack = {
  client: "example",
  name: "Example Assistant",
  docs: ["https://example.com/docs"],
  runtime_dir: ".example",
  root_instruction_file: null,
  rules_dir: "<RULES_DIR>",
  skills_dir: ".example/skills",
  agents_dir: null,
  commands_dir: null,
  runtime_placeholders: { "<RULES_DIR>": ".example/rules" },
  shared_core: [],
  shared_seed: [],
  project_owned_hint: [],
  rule_file: { extension: ".md", documented_fields: ["paths"] },
  rule_triggers: {
    globs_format: "list",
    map: { always_on: { fields: {} }, glob: { fields: { paths: "{globs}" } } },
  },
  skill_frontmatter: {
    fields: { name: "name", description: "description" },
    tools_field: null,
    tools_format: "csv",
    tool_names: {},
    model_invocation_field: null,
    skill_deny_field: null,
    drop_fields: [],
    documented_fields: ["name", "description"],
  },
};

const exampleClientId = "example-client";

/**
 * The pack of the emitted-file checks' examples: the example pack, shaped further like a built-in pack (an
 * instruction file, model_decision rules, tool names). Plain JSON, as this layer is below the client pack
 * model; the examples are loaded and validated by the tests.
 */
export const exampleClient = {
  ...examplePack,
  client: exampleClientId,
  name: "Example Client",
  docs: ["https://example.invalid/docs"],
  root_instruction_file: "EXAMPLE.md",
  rules_dir: ".example/rules",
  rule_triggers: {
    globs_format: "list",
    map: {
      always_on: { fields: {} },
      model_decision: { fields: {} },
      glob: { fields: { paths: "{globs}" } },
    },
  },
  skill_frontmatter: exampleSkillFrontmatter,
};

/** The base registry with one client pack (changed by `pack`) and the given files. */
export function clientFixture(files: Fixture, pack: Record<string, unknown> = {}): Fixture {
  return {
    ...baseFixture,
    "targets.json": targetsWith([agentsMdAdapter], { builtin_clients: "none" }),
    [`clients/${exampleClientId}.json`]: `${JSON.stringify({ ...exampleClient, ...pack }, null, 2)}\n`,
    ...files,
  };
}

/** A core rule file: a description, a trigger, optional globs, then body lines. */
export function coreRule(trigger: string, body: string[], globs?: string[]): string {
  const globLines = globs ? [`globs: [${globs.map((g) => JSON.stringify(g)).join(", ")}]`] : [];
  return [
    "---",
    "description: How we write code here.",
    `trigger: ${trigger}`,
    ...globLines,
    "---",
    "# Style",
    "",
    ...body,
    "",
  ].join("\n");
}
