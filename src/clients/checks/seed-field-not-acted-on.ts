import { diagnostic, type InlineCheck } from "../../diagnostics/check-meta.js";
import type { Diagnostic, Position } from "../../diagnostics/diagnostic.js";
import { withExamplePack } from "../../diagnostics/pack-fixtures.js";
import type { NotActedOn } from "../../packs/shared/seed-pack-model.js";

/** A small pack in seed 001's shape: rules only, or (failing) hook facts without hook events. */
const seedPack = {
  client: "example",
  runtime_dir: ".example",
  root_instruction_file: null,
  pack_runtime_dir: ".example/rules",
  has_rule_triggers: true,
  rule_frontmatter: "yaml",
  rule_triggers: {
    condition_field: "paths",
    condition_format: "list",
    allowed_fields: ["paths"],
    map: { always_on: { condition: null }, glob: { condition: "paths", from: "globs" } },
  },
};

export const seedFieldNotActedOn: InlineCheck = {
  id: "AGC141",
  slug: "seed-field-not-acted-on",
  stage: "load",
  severity: "warning",
  title: "Every field of a client pack in seed 001's shape is acted on, or reported",
  description:
    "A client pack may be written in seed 001's own field names (docs/seeds.md); agentc reads it through a documented translation. A field it reads but cannot act on is never dropped in silence: hook facts (hook_tools, hook_path_fields, hook_mcp_prefixes, hook_fail_closed) need the client's hook events and entry form, which the seed does not state, and prose fields such as skill_permissions_ersatz are notes that change nothing.",
  hint: "Add what the message names in agentc's own names (hooks.events, hooks.entry), or turn prose into a note (a key starting with _ or ending in _note).",
  get examples() {
    return {
      passing: withExamplePack({}, seedPack),
      failing: withExamplePack({}, { ...seedPack, hook_path_fields: ["file_path"], hook_fail_closed: true }),
      expected: [
        "clients/example.json:24:3: warning AGC141 clients/example.json: hook_path_fields, hook_fail_closed are read, but the pack names no hook events and no entry form, so no hook and no secret guard is written for example",
      ],
    };
  },
};

/** The fields of a seed-shaped pack the translation does not act on (seed-pack-translation.ts lists them). */
export function notActedOnFindings(
  seedFile: string,
  fields: NotActedOn[],
  positionOf: (field: NotActedOn) => Position,
): Diagnostic[] {
  return fields.map((field) =>
    diagnostic(seedFieldNotActedOn, {
      position: positionOf(field),
      severity: field.severity,
      message: `${seedFile}: ${field.message}`,
      hint: field.hint,
    }),
  );
}
