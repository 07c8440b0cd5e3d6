import * as Enums from "@cyclonedx/cyclonedx-library/Enums";
import * as Models from "@cyclonedx/cyclonedx-library/Models";
import * as Serialize from "@cyclonedx/cyclonedx-library/Serialize";
import * as SPDX from "@cyclonedx/cyclonedx-library/SPDX";
import * as Spec from "@cyclonedx/cyclonedx-library/Spec";
import { parseJson } from "../../shared/nesting-limit.js";
import type { DependencyInput } from "../model.js";
import { fileRef, rootRef, type SbomInput, sbomText } from "./sbom-document.js";
import { filesPlaceable, placeFiles, type SbomDocument } from "./sbom-files.js";
import { originReferences } from "./sbom-origin.js";

export { type SbomInput, sbomPath } from "./sbom-document.js";

const serializer = new Serialize.JsonSerializer(new Serialize.JSON.Normalize.Factory(Spec.Spec1dot6));

/**
 * CycloneDX 1.6 JSON of `input`, the same bytes for the same input: lists sorted, no timestamp, every
 * bom-ref named, and a serial number derived from the rest of the document (docs/third-party-content.md),
 * set after the version where the library writes it.
 */
export function sbomJson(input: SbomInput): string {
  return sbomText(sbomDocument(input));
}

/** The library's compact JSON of the whole SBOM, lists sorted: what `sbomDocument` is tested against. */
export function librarySbomJson(input: SbomInput): string {
  return serializer.serialize(sbomModel(input), { sortLists: true });
}

/** The library's JSON without the files, the files placed by sbom-files.ts (the same JSON, faster). */
function sbomDocument(input: SbomInput): Record<string, unknown> {
  const inputRefs = [
    ...input.sources.map((s) => sourceRef(s.name)),
    ...input.dependencies.map((d) => dependencyRef(d.name)),
  ];
  if (!filesPlaceable(input.files, inputRefs))
    return parseJson(librarySbomJson(input)) as Record<string, unknown>;
  const document = parseJson(librarySbomJson({ ...input, files: [] })) as SbomDocument;
  placeFiles(document, input.files, inputRefs);
  return document as unknown as Record<string, unknown>;
}

const sourceRef = (name: string): string => `source:${name}`;
const dependencyRef = (name: string): string => `dependency:${name}`;

function sbomModel(input: SbomInput): Models.Bom {
  const root = new Models.Component(Enums.ComponentType.Application, input.registry.name, {
    bomRef: rootRef,
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
    bomRef: fileRef(file.path),
    hashes: new Models.HashDictionary([[Enums.HashAlgorithm["SHA-256"], file.sha256]]),
  });
}

function sourceComponent(source: SbomInput["sources"][number]): Models.Component {
  const component = new Models.Component(Enums.ComponentType.File, source.name, {
    bomRef: sourceRef(source.name),
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
    bomRef: dependencyRef(input.name),
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
