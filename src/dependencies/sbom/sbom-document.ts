import { createHash } from "node:crypto";
import type { DependencyInput } from "../model.js";
import {
  fileRef,
  filesPlaceable,
  placedFiles,
  placeFiles,
  rootRef,
  type SbomDocument,
  type SbomFile,
} from "./sbom-files.js";

/** Where the SBOM sits in a build and a bundle. */
export const sbomPath = "sbom.cdx.json";

/** What the SBOM of one build describes: the registry, what came from outside it, and what was built. */
export interface SbomInput {
  registry: { name: string; version: string; bundleUrl?: string };
  /** Sources whose rules came from an https url: the sha256 of the text used. */
  sources: readonly { name: string; url: string; sha256: string }[];
  dependencies: readonly DependencyInput[];
  /** Every file of the build but the SBOM, with the sha256 of its bytes. */
  files: readonly SbomFile[];
  tool: { name: string; version: string };
}

export { fileRef, rootRef };

/**
 * Inputs and URLs are the library's to write (it names inputs, escapes URLs and sorts by locale); an SBOM
 * without them, the common case, is written without loading it (documentWithoutInputs): its modules and
 * the ICU collator they create cost a small build a tenth of its time.
 */
export function needsLibrary(input: SbomInput): boolean {
  return (
    input.sources.length > 0 ||
    input.dependencies.length > 0 ||
    input.registry.bundleUrl !== undefined ||
    !filesPlaceable(input.files, [])
  );
}

/** The library's compact JSON document for an input that does not need it: the root, the tool, the files. */
export function documentWithoutInputs(input: SbomInput): SbomDocument & Record<string, unknown> {
  const document = {
    $schema: "http://cyclonedx.org/schema/bom-1.6.schema.json",
    bomFormat: "CycloneDX",
    specVersion: "1.6",
    version: 1,
    metadata: {
      tools: { components: [application(input.tool.name, input.tool.version, "tool")] },
      component: {
        ...application(input.registry.name, input.registry.version, rootRef),
        description: "agentc registry: the configuration this bundle installs",
      },
    },
    components: [],
    dependencies: [{ ref: rootRef }],
  };
  placeFiles(document, input.files, []);
  return document;
}

/**
 * `sbomText(documentWithoutInputs(input))` for an input that does not need the library, written without
 * JSON.stringify of the whole document twice (compact for the serial, then indented): the document
 * without its files is stringified, and the file components and their graph entries, all of one shape,
 * are written from each path's JSON string into both forms. For 200 rules (2,170 files, a 950 KB SBOM)
 * the two full stringifies were 2 % of a build's instructions. `sbom-files.test.ts` checks with fast-check
 * that both give the same bytes, for paths that JSON escapes too.
 */
export function sbomTextWithoutInputs(input: SbomInput): string {
  if (input.files.length === 0) return sbomText(documentWithoutInputs(input));
  const document: SbomDocument & Record<string, unknown> = documentWithoutInputs({ ...input, files: [] });
  const placed = placedFiles(document, input.files, []);
  // Markers where the files go: each is the last string of the document after it (the graph is its
  // last key; only key names and an empty list stand between the two), so neither can be matched by
  // a name or version written earlier, whatever it holds.
  document.metadata.component.components = filesMarker;
  (document as Record<string, unknown>).dependencies = graphMarker;
  const compactFiles: string[] = [];
  const prettyFiles: string[] = [];
  const refs = new Map<string, string>();
  for (const { file, ref } of placed.files) {
    const name = JSON.stringify(file.path);
    const refJson = `"file:${name.slice(1)}`;
    refs.set(ref, refJson);
    const hash = JSON.stringify(file.sha256);
    compactFiles.push(
      `{"type":"file","name":${name},"bom-ref":${refJson},"hashes":[{"alg":"SHA-256","content":${hash}}]}`,
    );
    prettyFiles.push(
      `        {\n          "type": "file",\n          "name": ${name},\n          "bom-ref": ${refJson},\n          "hashes": [\n            {\n              "alg": "SHA-256",\n              "content": ${hash}\n            }\n          ]\n        }`,
    );
  }
  const compactGraph: string[] = [];
  const prettyGraph: string[] = [];
  for (const { ref } of placed.dependencies) {
    const refJson = refs.get(ref) ?? JSON.stringify(ref);
    compactGraph.push(`{"ref":${refJson}}`);
    prettyGraph.push(`    {\n      "ref": ${refJson}\n    }`);
  }
  const compact = spliced(
    JSON.stringify(document),
    `[${compactFiles.join(",")}]`,
    `[${compactGraph.join(",")}]`,
  );
  const serialNumber = contentSerial(compact);
  return spliced(
    `${JSON.stringify(withSerial(document, serialNumber), null, 2)}\n`,
    `[\n${prettyFiles.join(",\n")}\n      ]`,
    `[\n${prettyGraph.join(",\n")}\n  ]`,
  );
}

const filesMarker = "\u0000agentc:sbom-files\u0000";
const graphMarker = "\u0000agentc:sbom-graph\u0000";

/** `json` with the last graph marker and the files marker before it replaced by the texts given. */
function spliced(json: string, files: string, graph: string): string {
  const filesJson = JSON.stringify(filesMarker);
  const graphJson = JSON.stringify(graphMarker);
  const graphAt = json.lastIndexOf(graphJson);
  const filesAt = json.lastIndexOf(filesJson, graphAt);
  if (graphAt < 0 || filesAt < 0) throw new Error("the SBOM's markers are missing");
  return `${json.slice(0, filesAt)}${files}${json.slice(filesAt + filesJson.length, graphAt)}${graph}${json.slice(graphAt + graphJson.length)}`;
}

/** An application component as the library writes it: an empty version is left out. */
function application(name: string, version: string, ref: string): Record<string, unknown> {
  return { type: "application", name, ...(version ? { version } : {}), "bom-ref": ref };
}

/**
 * The SBOM's text from its compact document: the same bytes for the same input, and a serial number
 * derived from the rest of the document (docs/third-party-content.md), set after the version where the
 * library writes it.
 */
export function sbomText(compact: Record<string, unknown>): string {
  const serialNumber = contentSerial(JSON.stringify(compact));
  return `${JSON.stringify(withSerial(compact, serialNumber), null, 2)}\n`;
}

/** The document with its serial number after the version, where the library writes it. */
function withSerial(compact: Record<string, unknown>, serialNumber: string): Record<string, unknown> {
  const document = Object.entries(compact).flatMap(([key, value]) =>
    key === "version"
      ? [
          [key, value],
          ["serialNumber", serialNumber],
        ]
      : [[key, value]],
  );
  return Object.fromEntries(document);
}

/**
 * urn:uuid: of a name-based UUID (version 5, RFC 9562) in the URL namespace, named by the sha256 of the
 * document without its serial number: the same content gets the same serial, other content another.
 */
function contentSerial(document: string): string {
  const urlNamespace = Buffer.from("6ba7b8119dad11d180b400c04fd430c8", "hex");
  const name = `urn:agentc:sbom:${createHash("sha256").update(document).digest("hex")}`;
  const hash = createHash("sha1").update(urlNamespace).update(name).digest();
  hash[6] = ((hash[6] as number) & 0x0f) | 0x50;
  hash[8] = ((hash[8] as number) & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString("hex");
  return `urn:uuid:${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
