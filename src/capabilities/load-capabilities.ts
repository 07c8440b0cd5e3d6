import { diagnostic } from "../diagnostics/check-meta.js";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import type { JsonDocument } from "../documents/json-document.js";
import { readJsonDocument } from "../documents/read-json-document.js";
import type { RegistryReader } from "../documents/registry-reader.js";
import { type SchemaViolation, validateAgainstSchema } from "../documents/schema-validation.js";
import { capabilityHooks } from "./capability-hooks.js";
import { capabilitySlug } from "./capability-slug.js";
import { capabilityManifestMatchesSchema } from "./checks/capability-manifest-matches-schema.js";
import {
  type CapabilityManifest,
  type CapabilityPackage,
  capabilitiesFolder,
  manifestFileNames,
} from "./model.js";
import { readPackageFiles } from "./read-package-files.js";

const maxManifestBytes = 1024 * 1024;

/** capabilities/<dir>/ of a registry, in folder-name order; a package is kept only when its manifest is valid. */
export function loadCapabilities(reader: RegistryReader, diagnostics: Diagnostic[]): CapabilityPackage[] {
  const kind = reader.resolve(capabilitiesFolder).kind;
  if (kind === "missing" || kind === "refused") return [];
  if (kind !== "folder") {
    misplaced(capabilitiesFolder, "is a file; it is the folder of capability packages", diagnostics);
    return [];
  }
  return reader.entries(capabilitiesFolder).flatMap((entry) => {
    if (!entry.isFolder) {
      misplaced(
        entry.path,
        "is a file; each capability package is a folder holding capability.json",
        diagnostics,
      );
      return [];
    }
    const loaded = loadPackage(reader.fenced(entry.path), entry.path, diagnostics);
    return loaded ? [loaded] : [];
  });
}

/** One package, read through a reader fenced to its folder. */
function loadPackage(
  reader: RegistryReader,
  dir: string,
  diagnostics: Diagnostic[],
): CapabilityPackage | undefined {
  const manifestFile = findManifest(reader, dir, diagnostics);
  if (!manifestFile) return undefined;
  const document = readManifest(reader, manifestFile, diagnostics);
  const files = readPackageFiles(reader, dir, diagnostics);
  if (!document) return undefined;
  const manifest = document.value as CapabilityManifest;
  return {
    dir,
    manifestFile,
    document,
    manifest,
    slug: capabilitySlug(manifest),
    hooks: capabilityHooks(manifest),
    files,
  };
}

function findManifest(reader: RegistryReader, dir: string, diagnostics: Diagnostic[]): string | undefined {
  const present = manifestFileNames.filter((name) => reader.resolve(`${dir}/${name}`).kind !== "missing");
  const [first, second] = present;
  if (first === undefined)
    misplaced(dir, "holds no capability.json (or oats.json), so it is no capability package", diagnostics);
  else if (second !== undefined)
    diagnostics.push(
      diagnostic(capabilityManifestMatchesSchema, {
        position: { file: `${dir}/${second}`, line: 1, column: 1 },
        message: `${dir} holds both ${first} and ${second}; a package has one manifest`,
        hint: `Keep one: ${second} is the OATS name of ${first}.`,
      }),
    );
  return first !== undefined && second === undefined ? `${dir}/${first}` : undefined;
}

function readManifest(
  reader: RegistryReader,
  file: string,
  diagnostics: Diagnostic[],
): JsonDocument | undefined {
  const read = readJsonDocument(reader, file, maxManifestBytes, capabilityManifestMatchesSchema, diagnostics);
  if (!read) return undefined;
  const { document, keysWrittenTwice } = read;
  const violations = oneRequirementKind(
    withoutOtherBranches(validateAgainstSchema("capability", document.value)),
    document.value as CapabilityManifest,
  );
  for (const v of violations)
    diagnostics.push(
      diagnostic(capabilityManifestMatchesSchema, {
        position: document.positionOf(v.path, v.part),
        message: v.message,
        hint: v.hint,
      }),
    );
  return violations.length === 0 && keysWrittenTwice === 0 ? document : undefined;
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

function misplaced(path: string, why: string, diagnostics: Diagnostic[]): void {
  diagnostics.push(
    diagnostic(capabilityManifestMatchesSchema, {
      position: { file: path, line: 1, column: 1 },
      message: `${path} ${why}`,
      hint: "Put each package in its own folder capabilities/<name>/ with its capability.json.",
    }),
  );
}
