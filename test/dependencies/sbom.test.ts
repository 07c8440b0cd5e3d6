import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { DependencyInput } from "../../src/dependencies/model.js";
import { type SbomInput, sbomJson } from "../../src/dependencies/sbom/sbom.js";
import { sbomProblems } from "../support/sbom-schema.js";

const digest = (c: string) => `sha256:${c.repeat(64)}`;

function dependency(
  fields: Partial<DependencyInput> & Pick<DependencyInput, "name" | "kind" | "origin">,
): DependencyInput {
  return { version: "1.0.0", digest: digest("0"), trusted: false, files: new Map(), ...fields };
}

const inputs: DependencyInput[] = [
  dependency({
    name: "org",
    kind: "registry",
    origin: "oci://registry.example.com/platform/org-rules:2",
    version: digest("d"),
    digest: digest("d"),
    licence: "Apache-2.0",
  }),
  dependency({
    name: "review-skills",
    kind: "git",
    origin: "https://github.com/acme/review-skills.git",
    version: "4f1c2a9e0b7d6c5a4f3e2d1c0b9a8f7e6d5c4b3a",
    digest: digest("e"),
    licence: "MIT OR Apache-2.0",
  }),
  dependency({
    name: "local-skills",
    kind: "git",
    origin: "https://git.example.org/team/skills.git",
    version: "0123456789abcdef0123456789abcdef01234567",
    digest: digest("f"),
  }),
  dependency({
    name: "npm-skills",
    kind: "npm",
    origin: "@acme/agent-skills@^3",
    version: "3.2.1",
    digest: digest("c"),
    licence: "MIT",
  }),
];

const sbomInput: SbomInput = {
  registry: { name: "team", version: "1.4.0", bundleUrl: "https://example.com/team/bundle.zip" },
  sources: [{ name: "community", url: "https://example.com/rules/testing.md", sha256: "b".repeat(64) }],
  dependencies: inputs,
  files: [
    { path: "AGENTS.md", sha256: "a".repeat(64) },
    { path: ".claude/rules/testing.md", sha256: "9".repeat(64) },
  ],
  tool: { name: "agentc", version: "0.1.0" },
};

interface Component {
  name: string;
  version?: string;
  purl?: string;
  hashes?: { alg: string; content: string }[];
  licenses?: ({ license: { id?: string; name?: string } } | { expression: string })[];
  externalReferences?: { url: string; type: string }[];
  components?: Component[];
}

describe("the SBOM (CycloneDX 1.6 JSON)", () => {
  const json = sbomJson(sbomInput);
  const bom = JSON.parse(json) as {
    specVersion: string;
    serialNumber: string;
    metadata: { component: Component; timestamp?: string };
    components: Component[];
    dependencies: { ref: string; dependsOn?: string[] }[];
  };
  const byName = (name: string) => bom.components.find((c) => c.name === name) as Component;

  it("is valid against the CycloneDX 1.6 JSON schema", async () => {
    assert.equal(bom.specVersion, "1.6");
    assert.equal(await sbomProblems(json), null);
  });

  it("has the registry as its root component, with every built file and its sha256", () => {
    const root = bom.metadata.component;
    assert.equal(root.name, "team");
    assert.equal(root.version, "1.4.0");
    assert.deepEqual(root.externalReferences, [
      { url: "https://example.com/team/bundle.zip", type: "distribution" },
    ]);
    assert.deepEqual(
      root.components?.map((c) => [c.name, c.hashes?.[0]?.content]),
      [
        [".claude/rules/testing.md", "9".repeat(64)],
        ["AGENTS.md", "a".repeat(64)],
      ],
    );
    assert.deepEqual(bom.dependencies.find((d) => d.ref === "registry")?.dependsOn, [
      "dependency:local-skills",
      "dependency:npm-skills",
      "dependency:org",
      "dependency:review-skills",
      "source:community",
    ]);
  });

  it("lists every input with its version, sha256, licence and origin (purl where one exists)", () => {
    assert.deepEqual(
      [...bom.components]
        .sort((a, b) => (a.name < b.name ? -1 : 1))
        .map((c) => [c.name, c.version, c.purl, c.hashes?.[0]?.content.slice(0, 4), c.licenses]),
      [
        ["community", undefined, undefined, "bbbb", undefined],
        ["local-skills", "0123456789abcdef0123456789abcdef01234567", undefined, "ffff", undefined],
        ["npm-skills", "3.2.1", "pkg:npm/%40acme/agent-skills@3.2.1", "cccc", [{ license: { id: "MIT" } }]],
        [
          "org",
          digest("d"),
          `pkg:oci/org-rules@${digest("d")}?repository_url=registry.example.com%2Fplatform%2Forg-rules`,
          "dddd",
          [{ license: { id: "Apache-2.0" } }],
        ],
        [
          "review-skills",
          "4f1c2a9e0b7d6c5a4f3e2d1c0b9a8f7e6d5c4b3a",
          "pkg:github/acme/review-skills@4f1c2a9e0b7d6c5a4f3e2d1c0b9a8f7e6d5c4b3a",
          "eeee",
          [{ expression: "MIT OR Apache-2.0" }],
        ],
      ],
    );
    assert.deepEqual(byName("local-skills").externalReferences, [
      { url: "https://git.example.org/team/skills.git", type: "vcs" },
    ]);
    assert.deepEqual(byName("community").externalReferences, [
      { url: "https://example.com/rules/testing.md", type: "distribution" },
    ]);
  });

  it("is the same bytes for the same input, in any order, with no timestamp and a serial number from the content", () => {
    const shuffled = sbomJson({
      ...sbomInput,
      dependencies: [...inputs].reverse(),
      files: [...sbomInput.files].reverse(),
    });
    assert.equal(shuffled, json);
    assert.equal(bom.metadata.timestamp, undefined);
    assert.match(
      bom.serialNumber,
      /^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    const changed = JSON.parse(
      sbomJson({ ...sbomInput, registry: { ...sbomInput.registry, version: "1.4.1" } }),
    );
    assert.notEqual(changed.serialNumber, bom.serialNumber);
  });

  it("for a registry with no inputs: the registry and its files only, still valid", async () => {
    const bare = sbomJson({ ...sbomInput, sources: [], dependencies: [] });
    assert.equal(await sbomProblems(bare), null);
    assert.deepEqual(JSON.parse(bare).components, []);
  });
});
