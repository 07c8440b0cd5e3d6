import { createHash } from "node:crypto";
import * as Enums from "@cyclonedx/cyclonedx-library/Enums";
import * as Models from "@cyclonedx/cyclonedx-library/Models";
import * as Serialize from "@cyclonedx/cyclonedx-library/Serialize";
import * as SPDX from "@cyclonedx/cyclonedx-library/SPDX";
import * as Spec from "@cyclonedx/cyclonedx-library/Spec";
import { parseJson } from "../shared/nesting-limit.js";
import type { DependencyInput } from "./model.js";
import { originReferences } from "./sbom-origin.js";

/** Where the SBOM sits in a build and a bundle. */
export const sbomPath = "sbom.cdx.json";

/** What the SBOM of one build describes: the registry, what came from outside it, and what was built. */
export interface SbomInput {
  registry: { name: string; version: string; bundleUrl?: string };
  /** Sources whose rules came from an https url: the sha256 of the text used. */
  sources: readonly { name: string; url: string; sha256: string }[];
  dependencies: readonly DependencyInput[];
  /** Every file of the build but the SBOM, with the sha256 of its bytes. */
  files: readonly { path: string; sha256: string }[];
  tool: { name: string; version: string };
}

const serializer = new Serialize.JsonSerializer(new Serialize.JSON.Normalize.Factory(Spec.Spec1dot6));

/**
 * CycloneDX 1.6 JSON of `input`, the same bytes for the same input: lists sorted, no timestamp, every
 * bom-ref named, and a serial number derived from the rest of the document (docs/third-party-content.md),
 * set after the version where the library writes it. Serialized once: the library's sorting is the cost.
 */
export function sbomJson(input: SbomInput): string {
  const compact = serializer.serialize(sbomModel(input), { sortLists: true });
  const serialNumber = contentSerial(compact);
  const document = Object.entries(parseJson(compact) as Record<string, unknown>).flatMap(([key, value]) =>
    key === "version"
      ? [
          [key, value],
          ["serialNumber", serialNumber],
        ]
      : [[key, value]],
  );
  return `${JSON.stringify(Object.fromEntries(document), null, 2)}\n`;
}

function sbomModel(input: SbomInput): Models.Bom {
  const root = new Models.Component(Enums.ComponentType.Application, input.registry.name, {
    bomRef: "registry",
    version: input.registry.version,
    description: "agentc registry: the configuration this bundle installs",
  });
  if (input.registry.bundleUrl)
    root.externalReferences.add(
      new Models.ExternalReference(input.registry.bundleUrl, Enums.ExternalReferenceType.Distribution),
    );
  for (const file of input.files) root.components.add(fileComponent(file));
  const sources = input.sources.map(sourceComponent);
  const dependencies = input.dependencies.map(dependencyComponent);
  const bom = new Models.Bom({
    metadata: new Models.Metadata({
      component: root,
      tools: new Models.Tools({
        components: new Models.ComponentRepository([
          new Models.Component(Enums.ComponentType.Application, input.tool.name, {
            bomRef: "tool",
            version: input.tool.version,
          }),
        ]),
      }),
    }),
  });
  for (const component of [...sources, ...dependencies]) bom.components.add(component);
  for (const source of sources) root.dependencies.add(source.bomRef);
  dependencyGraph(root, input.dependencies, dependencies);
  return bom;
}

/** The registry needs its own dependencies; each dependency the ones its sources.json declares. */
function dependencyGraph(
  root: Models.Component,
  dependencies: readonly DependencyInput[],
  components: readonly Models.Component[],
): void {
  const byName = new Map(dependencies.map((d, i) => [d.name, components[i] as Models.Component]));
  for (const [index, dependency] of dependencies.entries()) {
    const component = components[index] as Models.Component;
    if ((dependency.depth ?? 0) === 0) root.dependencies.add(component.bomRef);
    for (const name of dependency.requires ?? []) {
      const required = byName.get(name);
      if (required) component.dependencies.add(required.bomRef);
    }
  }
}

function fileComponent(file: { path: string; sha256: string }): Models.Component {
  return new Models.Component(Enums.ComponentType.File, file.path, {
    bomRef: `file:${file.path}`,
    hashes: new Models.HashDictionary([[Enums.HashAlgorithm["SHA-256"], file.sha256]]),
  });
}

function sourceComponent(source: SbomInput["sources"][number]): Models.Component {
  const component = new Models.Component(Enums.ComponentType.File, source.name, {
    bomRef: `source:${source.name}`,
    description: "rules fetched over https (sources.json url)",
    hashes: new Models.HashDictionary([[Enums.HashAlgorithm["SHA-256"], source.sha256]]),
  });
  component.externalReferences.add(
    new Models.ExternalReference(source.url, Enums.ExternalReferenceType.Distribution),
  );
  return component;
}

function dependencyComponent(input: DependencyInput): Models.Component {
  const origin = originReferences(input);
  const component = new Models.Component(Enums.ComponentType.Library, input.name, {
    bomRef: `dependency:${input.name}`,
    version: input.version,
    description: `${input.kind} dependency from ${input.origin}`,
    hashes: new Models.HashDictionary([[Enums.HashAlgorithm["SHA-256"], hexOf(input.digest)]]),
    ...(origin.purl ? { purl: origin.purl } : {}),
  });
  for (const [url, type] of origin.references)
    component.externalReferences.add(new Models.ExternalReference(url, type));
  if (input.licence) component.licenses.add(licenceOf(input.licence));
  return component;
}

/** An SPDX id the library knows, else an expression when it reads as one, else the licence's name. */
function licenceOf(licence: string): Models.License {
  if (SPDX.isSupportedSpdxId(licence)) return new Models.SpdxLicense(licence);
  if (/\s(AND|OR|WITH)\s/.test(licence) && /^[A-Za-z0-9.+\-() ]+$/.test(licence))
    return new Models.LicenseExpression(licence);
  return new Models.NamedLicense(licence);
}

const hexOf = (digest: string): string => digest.replace(/^sha256:/, "");

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
