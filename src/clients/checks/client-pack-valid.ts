import { diagnostic, type InlineCheck } from "../../diagnostics/check-meta.js";
import { examplePack } from "../../diagnostics/client-fixture.js";
import type { Diagnostic, Position } from "../../diagnostics/diagnostic.js";
import { withExamplePack } from "../../diagnostics/pack-fixtures.js";
import { type SchemaViolation, validateAgainstSchema } from "../../documents/schema-validation.js";
import type { ClientPack } from "../model.js";
import { type PackFault, packFaults } from "../validate-client-pack.js";

export const clientPackValid: InlineCheck = {
  id: "AGC082",
  slug: "client-pack-valid",
  stage: "load",
  severity: "error",
  title: "Client pack files match their schema and agree with themselves",
  description:
    "A client pack (clients/<id>.json, built-in or the registry's) is checked against schemas/client-pack.schema.json, then for facts the schema cannot see: every placeholder in a path is defined, every place has its format (a rules_dir needs rule_file and rule_triggers), field mappings name documented fields, the MCP and hook entry templates name only slots agentc fills, and tool names come from where the pack says.",
  hint: "Fix the pack as the message says; docs/client-packs.md describes every field.",
  get examples() {
    return {
      passing: withExamplePack({}),
      failing: withExamplePack({}, { ...examplePack, skills_dir: "<SKILLS_DIR>" }),
      expected: [
        "clients/example.json:10:17: error AGC082 clients/example.json: placeholder <SKILLS_DIR> is used here but runtime_placeholders does not define it",
      ],
    };
  },
};

/** The pack file's violations of its schema (agentc's or seed 001's shape), each at its place. */
export function packSchemaFindings(
  schema: "client-pack" | "client-pack-seed",
  value: unknown,
  positionOf: (violation: SchemaViolation) => Position,
): Diagnostic[] {
  return validateAgainstSchema(schema, value).map((v) =>
    diagnostic(clientPackValid, { position: positionOf(v), message: v.message, hint: v.hint }),
  );
}

/** What the schema cannot see (validate-client-pack.ts finds it), each named with the pack's label. */
export function packFaultFindings(
  pack: ClientPack,
  label: string,
  positionOf: (fault: PackFault) => Position,
): Diagnostic[] {
  return packFaults(pack).map((fault) =>
    diagnostic(clientPackValid, {
      position: positionOf(fault),
      message: `${label}: ${fault.message}`,
      hint: fault.hint,
    }),
  );
}

/** A shared_core / shared_seed source the registry does not hold. */
export function missingSourceFinding(src: string, packFile: string, position: Position): Diagnostic {
  return diagnostic(clientPackValid, {
    position,
    message: `${src} does not exist in the registry (named by ${packFile})`,
    hint: "Add the file to the registry, or fix the path (relative to the registry folder).",
  });
}

/**
 * A registry pack at `path` (clients/<id>.json or clients/<id>/<manifest>) whose "client" is not its id, or
 * a second pack of an id first read from `earlier`.
 */
export function packNamingFinding(
  path: string,
  id: string,
  client: string,
  earlier: string | undefined,
  manifest: string,
  position: () => Position,
): Diagnostic | undefined {
  if (earlier)
    return diagnostic(clientPackValid, {
      position: position(),
      message: `${path} and ${earlier} are both the pack of client "${id}"`,
      hint: `Keep one of them: clients/${id}.json or clients/${id}/${manifest}.`,
    });
  if (id === client) return undefined;
  const folder = path.endsWith(`/${manifest}`);
  return diagnostic(clientPackValid, {
    position: position(),
    message: `${path} declares client "${client}" but is ${folder ? "in the folder" : "named"} ${folder ? `clients/${id}` : `${id}.json`}`,
    hint: folder
      ? `Rename the folder to clients/${client}, or change "client".`
      : `Rename the file to ${client}.json, or change "client".`,
  });
}
