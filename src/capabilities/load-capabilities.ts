import type { Diagnostic } from "../diagnostics/diagnostic.js";
import type { JsonDocument } from "../documents/json-document.js";
import { readJsonDocument } from "../documents/read-json-document.js";
import type { RegistryReader } from "../documents/registry-reader.js";
import { capabilityHooks } from "./capability-hooks.js";
import { capabilitySlug } from "./capability-slug.js";
import {
  capabilityManifestMatchesSchema,
  manifestSchemaFindings,
  misplacedFinding,
  twoManifestsFinding,
} from "./checks/capability-manifest-matches-schema.js";
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
  else if (second !== undefined) diagnostics.push(twoManifestsFinding(dir, first, second));
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
  const findings = manifestSchemaFindings(document.value as CapabilityManifest, (v) =>
    document.positionOf(v.path, v.part),
  );
  diagnostics.push(...findings);
  return findings.length === 0 && keysWrittenTwice === 0 ? document : undefined;
}

function misplaced(path: string, why: string, diagnostics: Diagnostic[]): void {
  diagnostics.push(misplacedFinding(path, why));
}
