import type { InlineCheck } from "../../diagnostics/check-meta.js";
import { examplePack } from "../../diagnostics/client-fixture.js";
import { withExamplePack } from "./client-fixtures.js";

export const clientPackValid: InlineCheck = {
  id: "AGC082",
  slug: "client-pack-valid",
  stage: "load",
  severity: "error",
  title: "Client pack files match their schema and agree with themselves",
  description:
    "A client pack (clients/<id>.json, built-in or the registry's) is checked against schemas/client-pack.schema.json, then for facts the schema cannot see: every placeholder in a path is defined, every place has its format (a rules_dir needs rule_file and rule_triggers), field mappings name documented fields, and tool names come from where the pack says.",
  hint: "Fix the pack as the message says; docs/client-packs.md describes every field.",
  examples: {
    passing: withExamplePack({}),
    failing: withExamplePack({}, { ...examplePack, skills_dir: "<SKILLS_DIR>" }),
    expected: [
      "clients/example.json:10:17: error AGC082 clients/example.json: placeholder <SKILLS_DIR> is used here but runtime_placeholders does not define it",
    ],
  },
};
