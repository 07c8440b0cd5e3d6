import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import type { DependencyInput } from "../../src/dependencies/model.js";
import { librarySbomJson, type SbomInput, sbomJson } from "../../src/dependencies/sbom/sbom.js";
import {
  documentWithoutInputs,
  needsLibrary,
  sbomText,
  sbomTextWithoutInputs,
} from "../../src/dependencies/sbom/sbom-document.js";
import { filesPlaceable } from "../../src/dependencies/sbom/sbom-files.js";

/** The library's compact JSON read back from sbomJson's output, the serial number taken out. */
function asLibraryWouldWrite(json: string): string {
  const { serialNumber: _, ...rest } = JSON.parse(json) as Record<string, unknown>;
  return JSON.stringify(rest);
}

// Characters that sort differently by locale than by code unit, and ones the collation ignores
// (a soft hyphen, a zero-width joiner), so that two distinct paths can compare equal.
const pathChar = fc.constantFrom(..."aAbB_-./0é\u00ad\u200dZ z".split(""));
const path = fc.string({ unit: pathChar, minLength: 1, maxLength: 6 });
const hex = fc.constantFrom(..."0123456789abcdef".split(""));
const sha256 = fc.string({ unit: hex, minLength: 64, maxLength: 64 });
const name = fc.string({ unit: pathChar, minLength: 1, maxLength: 4 });

const dependency = fc.record({ name, version: fc.constantFrom("1.0.0", "2.1.3"), digest: sha256 }).map(
  (d): DependencyInput => ({
    name: d.name,
    kind: "url",
    origin: `https://example.com/${encodeURIComponent(d.name)}.zip`,
    version: d.version,
    digest: `sha256:${d.digest}`,
    trusted: false,
    files: new Map(),
  }),
);

const input = fc.record({
  files: fc.uniqueArray(fc.record({ path, sha256 }), { maxLength: 25, selector: (f) => f.path }),
  sources: fc.array(fc.record({ name, url: fc.constant("https://example.com/rules.md"), sha256 }), {
    maxLength: 2,
  }),
  dependencies: fc.array(dependency, { maxLength: 3 }),
  bundleUrl: fc.option(fc.constant("https://example.com/bundle.zip"), { nil: undefined }),
});

describe("the SBOM's files placed without the library", () => {
  it("give the library's own JSON for the whole input, paths that collate equal included", () => {
    let placed = 0;
    fc.assert(
      fc.property(input, (generated) => {
        const sbom: SbomInput = {
          registry: {
            name: "team",
            version: "1.0.0",
            ...(generated.bundleUrl ? { bundleUrl: generated.bundleUrl } : {}),
          },
          sources: generated.sources,
          dependencies: generated.dependencies,
          files: generated.files,
          tool: { name: "agentc", version: "0.1.0" },
        };
        const refs = [
          ...sbom.sources.map((s) => `source:${s.name}`),
          ...sbom.dependencies.map((d) => `dependency:${d.name}`),
        ];
        // Repeated names are the library's alone: it renames a repeated bom-ref at random.
        fc.pre(filesPlaceable(sbom.files, refs));
        placed++;
        assert.equal(asLibraryWouldWrite(sbomJson(sbom)), librarySbomJson(sbom));
      }),
      { numRuns: 400 },
    );
    assert.ok(
      placed > 150,
      `only ${placed} of 400 inputs took the fast path: the generator tests too little`,
    );
  });

  it("without inputs or a bundle URL, are the library's JSON without the library", () => {
    const files = fc.uniqueArray(fc.record({ path, sha256 }), { maxLength: 25, selector: (f) => f.path });
    const version = fc.constantFrom("", "1.0.0", "0.0.0+abc", "bench-200");
    fc.assert(
      fc.property(files, name, version, version, (built, registryName, registryVersion, toolVersion) => {
        const sbom: SbomInput = {
          registry: { name: registryName, version: registryVersion },
          sources: [],
          dependencies: [],
          files: built,
          tool: { name: "agentc", version: toolVersion },
        };
        const text = sbomText(documentWithoutInputs(sbom));
        assert.equal(asLibraryWouldWrite(text), librarySbomJson(sbom));
        assert.equal(text, sbomJson(sbom));
        assert.equal(needsLibrary(sbom), false);
      }),
      { numRuns: 300 },
    );
  });

  it("written from each path's JSON, are the bytes of the whole document stringified", () => {
    // Characters JSON escapes, a lone surrogate, and the markers' own text in names written before the files.
    const awkward = fc.constantFrom(
      ...'a/."\\\n\u0000\u001f\u2028\ud800é '.split(""),
      "\u0000agentc:sbom-files\u0000",
      "\u0000agentc:sbom-graph\u0000",
    );
    const awkwardPath = fc.string({ unit: fc.oneof(pathChar, awkward), minLength: 1, maxLength: 6 });
    const files = fc.uniqueArray(fc.record({ path: awkwardPath, sha256 }), {
      maxLength: 25,
      selector: (f) => f.path,
    });
    const text = fc.string({ unit: fc.oneof(pathChar, awkward), maxLength: 4 });
    fc.assert(
      fc.property(files, text, text, (built, registryName, registryVersion) => {
        const sbom: SbomInput = {
          registry: { name: registryName, version: registryVersion },
          sources: [],
          dependencies: [],
          files: built,
          tool: { name: "agentc", version: "0.1.0" },
        };
        assert.equal(sbomTextWithoutInputs(sbom), sbomText(documentWithoutInputs(sbom)));
      }),
      { numRuns: 400 },
    );
  });

  it("leave repeated bom-refs and digests the library drops to the library", () => {
    const files = [
      { path: "AGENTS.md", sha256: "a".repeat(64) },
      { path: "AGENTS.md", sha256: "b".repeat(64) },
    ];
    assert.equal(filesPlaceable(files, []), false);
    assert.equal(filesPlaceable([files[0] as (typeof files)[0]], ["source:a", "source:a"]), false);
    assert.equal(filesPlaceable([{ path: "x", sha256: "A".repeat(64) }], []), false);
    assert.equal(filesPlaceable([files[0] as (typeof files)[0]], ["source:a"]), true);
  });
});
