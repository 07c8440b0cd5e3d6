import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { unzipSync } from "fflate";
import { sourcesWith, withBase } from "../../src/diagnostics/fixture-base.js";
import { compileRegistry } from "../../src/pipeline/compile.js";
import { untrustedDependency } from "../support/dependency-input.js";
import { runAgentc } from "../support/run-cli.js";
import { sbomProblems } from "../support/sbom-schema.js";
import { testdir } from "../support/testdir.js";
import { bytes, serve } from "../support/zip-server.js";

const remoteRule =
  "---\nscope: global\ndescription: Testing, from the shared rule collection.\n---\n# Testing\n\nRun the tests.\n";
const sha256 = (bytes: string | Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** A registry with a source whose url a loopback server serves, for as long as the test runs. */
async function registryWithRemoteSource(): Promise<{ registry: string; url: string }> {
  const url = (await serve({ "/testing.md": bytes(remoteRule) })).url("/testing.md");
  const registry = testdir(
    withBase({
      "sources.json": sourcesWith({
        sources: [
          { name: "custom", kind: "custom", path: "rules", enabled: true },
          { name: "shared", kind: "community", path: "shared", url, enabled: true },
        ],
      }),
    }),
  );
  return { registry, url };
}

interface Bom {
  serialNumber: string;
  metadata: {
    component: {
      name: string;
      version: string;
      components: { name: string; hashes: { content: string }[] }[];
    };
  };
  components: { name: string; hashes: { content: string }[]; externalReferences: { url: string }[] }[];
}

describe("agentc build writes the SBOM", () => {
  it("into the build, listed and hashed in the manifest, naming the registry, its https source and every file", async () => {
    const { registry, url } = await registryWithRemoteSource();
    const out = join(testdir(), "build");
    const built = await runAgentc(["build", registry, "--out", out]);
    assert.equal(built.status, 0, built.stderr + built.stdout);
    const text = readFileSync(join(out, "sbom.cdx.json"), "utf8");
    assert.equal(await sbomProblems(text), null);
    const manifest = JSON.parse(readFileSync(join(out, "manifest.json"), "utf8")) as {
      artifacts: string[];
      install: { artifact_hashes: string[]; components: Record<string, { owned_files: string[] }> };
      registry_version: string;
    };
    assert.ok(manifest.artifacts.includes("sbom.cdx.json"));
    assert.ok(manifest.install.artifact_hashes.includes(`sbom.cdx.json :: ${sha256(text)}`));
    for (const component of Object.values(manifest.install.components))
      assert.ok(!component.owned_files.includes("sbom.cdx.json"), "no component installs the SBOM");
    const bom = JSON.parse(text) as Bom;
    assert.equal(bom.metadata.component.name, "registry");
    assert.equal(bom.metadata.component.version, manifest.registry_version);
    const source = bom.components.find((c) => c.name === "shared");
    assert.equal(source?.hashes[0]?.content, sha256(remoteRule));
    assert.equal(source?.externalReferences[0]?.url, url);
    const listed = bom.metadata.component.components.map((f) => `${f.name} :: ${f.hashes[0]?.content}`);
    const artifacts = manifest.install.artifact_hashes.filter((line) => !line.startsWith("sbom.cdx.json "));
    for (const line of artifacts) assert.ok(listed.includes(line), `${line} is in the SBOM`);
  });

  it("the same bytes when nothing changed, and into the bundle zip", async () => {
    const { registry } = await registryWithRemoteSource();
    const out = join(testdir(), "build");
    assert.equal((await runAgentc(["build", registry, "--out", out])).status, 0);
    const first = readFileSync(join(out, "sbom.cdx.json"));
    const again = await runAgentc(["build", registry, "--out", out, "--format", "json"]);
    assert.equal(again.status, 0, again.stderr);
    const report = JSON.parse(again.stdout) as { written: string[]; unchanged: number };
    assert.deepEqual(report.written, []);
    assert.deepEqual(readFileSync(join(out, "sbom.cdx.json")), first);
    const zip = join(testdir(), "bundle.zip");
    const packed = await runAgentc(["pack", out, "--out", zip]);
    assert.equal(packed.status, 0, packed.stderr);
    const entries = unzipSync(readFileSync(zip));
    assert.deepEqual(Buffer.from(entries["sbom.cdx.json"] as Uint8Array), first);
  });

  it("is not written into a project by install", async () => {
    const out = join(testdir(), "build");
    assert.equal((await runAgentc(["build", testdir(withBase({})), "--out", out])).status, 0);
    const project = testdir();
    const installed = await runAgentc(["install", out, "--project", project, "--all", "--yes"]);
    assert.equal(installed.status, 0, installed.stderr + installed.stdout);
    assert.ok(existsSync(join(project, "AGENTS.md")));
    assert.ok(!existsSync(join(project, "sbom.cdx.json")));
  });

  it("lists the dependencies the resolver hands to compileRegistry, and the bundle's other files as before", async () => {
    const registry = testdir(withBase({}));
    const skills = untrustedDependency("review-skills", [["skills/review/SKILL.md", "Read the diff.\n"]]);
    const result = await compileRegistry(registry, { offline: true, dependencies: [skills] });
    assert.ok(result.ok && result.tree?.sbom && result.manifest);
    const text = result.tree.sbom.bytes.toString("utf8");
    assert.equal(await sbomProblems(text), null);
    const bom = JSON.parse(text) as Bom & { dependencies: { ref: string; dependsOn?: string[] }[] };
    assert.deepEqual(
      bom.components.map((c) => c.name),
      ["review-skills"],
    );
    assert.deepEqual(bom.dependencies.find((d) => d.ref === "registry")?.dependsOn, [
      "dependency:review-skills",
    ]);
    const without = await compileRegistry(registry, { offline: true });
    assert.equal(
      without.manifest?.registry_version,
      result.manifest.registry_version,
      "the SBOM is left out of the derived version",
    );
    assert.deepEqual(
      without.manifest?.artifacts,
      result.manifest.artifacts,
      "the same files, the SBOM's bytes apart",
    );
  });
});
