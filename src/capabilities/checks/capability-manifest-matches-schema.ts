import { diagnostic, type InlineCheck } from "../../diagnostics/check-meta.js";
import type { Diagnostic, Position } from "../../diagnostics/diagnostic.js";
import { type SchemaViolation, validateAgainstSchema } from "../../documents/schema-validation.js";
import type { CapabilityManifest } from "../model.js";
import { notesManifest, withCapability, withNotes } from "./capability-fixtures.js";

export const capabilityManifestMatchesSchema: InlineCheck = {
  id: "AGC095",
  slug: "capability-manifest-matches-schema",
  stage: "load",
  severity: "error",
  title: "A capability package has one manifest, matching the schema",
  description:
    "Each folder of capabilities/ is one package with one manifest, capability.json (or oats.json, its OATS name, never both), checked against schemas/capability.schema.json. An unknown key is an error, so a typo never silently drops a hook or a skill.",
  hint: "Use only the keys docs/capability-packages.md lists; 'required' is allowed on the spawn hook only.",
  get examples() {
    return {
      passing: withNotes({}),
      failing: withCapability({ ...notesManifest, envirnoment: ["ACME_NOTES_DIR"] }),
      expected: [
        'capabilities/notes/capability.json:20:3: error AGC095 Unexpected key "envirnoment" in the top level',
      ],
    };
  },
};

/** The manifest's schema violations, each at its place, without the halves of a oneOf that do not apply. */
export function manifestSchemaFindings(
  manifest: CapabilityManifest,
  positionOf: (violation: SchemaViolation) => Position,
): Diagnostic[] {
  const violations = oneRequirementKind(
    withoutOtherBranches(validateAgainstSchema("capability", manifest)),
    manifest,
  );
  return violations.map((v) =>
    diagnostic(capabilityManifestMatchesSchema, {
      position: positionOf(v),
      message: v.message,
      hint: v.hint,
    }),
  );
}

/** A package folder holding both manifest names. */
export function twoManifestsFinding(dir: string, first: string, second: string): Diagnostic {
  return diagnostic(capabilityManifestMatchesSchema, {
    position: { file: `${dir}/${second}`, line: 1, column: 1 },
    message: `${dir} holds both ${first} and ${second}; a package has one manifest`,
    hint: `Keep one: ${second} is the OATS name of ${first}.`,
  });
}

/** An entry of capabilities/ that is no package folder with a manifest; `why` says what it is. */
export function misplacedFinding(path: string, why: string): Diagnostic {
  return diagnostic(capabilityManifestMatchesSchema, {
    position: { file: path, line: 1, column: 1 },
    message: `${path} ${why}`,
    hint: "Put each package in its own folder capabilities/<name>/ with its capability.json.",
  });
}

/**
 * A hook is a string or an object: for an object with a wrong key the schema also says "expected string".
 * That half is dropped when the value has problems of its own inside.
 */
function withoutOtherBranches(violations: SchemaViolation[]): SchemaViolation[] {
  const inside = (v: SchemaViolation) => (other: SchemaViolation) =>
    other.keyword !== "type" && v.path.every((segment, i) => other.path[i] === segment);
  return violations.filter((v) => v.keyword !== "type" || !violations.some(inside(v)));
}

/**
 * A requirement is a host command (oneOf/0) or a runtime package (oneOf/1): the problems reported are those
 * of the kind it looks like, a runtime package when it has "runtime" or "package".
 */
function oneRequirementKind(violations: SchemaViolation[], manifest: CapabilityManifest): SchemaViolation[] {
  const requires: unknown[] = Array.isArray(manifest.requires) ? manifest.requires : [];
  return violations.filter((v) => {
    const branch = /\/requires\/items\/oneOf\/(\d+)\//.exec(v.schemaPath ?? "")?.[1];
    const item = requires[Number(v.path[1])];
    if (branch === undefined || typeof item !== "object" || item === null) return true;
    const runtime = "runtime" in item || "package" in item;
    return branch === (runtime ? "1" : "0");
  });
}
