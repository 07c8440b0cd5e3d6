import { json } from "../../core/checks/core-fixtures.js";
import type { Fixture } from "../../diagnostics/check-meta.js";
import { agentsMdAdapter, targetsWith, withBase } from "../../diagnostics/fixture-base.js";

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

/** The base registry with core files (path under core/ → text), the example pack and no built-in pack. */
export function withExamplePack(core: Fixture, pack: object = examplePack): Fixture {
  const coreFiles = Object.fromEntries(Object.entries(core).map(([path, text]) => [`core/${path}`, text]));
  return withBase({
    ...coreFiles,
    "targets.json": targetsWith([agentsMdAdapter], { builtin_clients: "none" }),
    "clients/example.json": json(pack),
  });
}
