import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { serializeManifest } from "../../src/manifest/canonical-manifest.js";
import { compileRegistry } from "../../src/pipeline/compile.js";
import { packageRoot } from "../../src/shared/package-paths.js";
import { testdir } from "../support/testdir.js";

const goldenPath = join(packageRoot, "test", "golden", "manifest", "manifest.json");

const registry = {
  "sources.json": JSON.stringify({
    version: 1,
    sources: [{ name: "custom", kind: "custom", path: "rules" }],
  }),
  "targets.json": JSON.stringify({
    version: 1,
    registry_version: "2.0.0",
    builtin_adapters: "none",
    bundle_url: "https://example.invalid/bundle.zip",
    roster_budget: { owned_words: 100, roster_glob: "skills/*/SKILL.md" },
    publish_rewrites: [[".github", "github-dir"]],
    targets: [
      {
        id: "root",
        output_dir: "",
        extension: ".md",
        global_placement: "single_file",
        pinned_global_name: "AGENTS",
        install: { required: true },
      },
      {
        id: "scoped",
        output_dir: ".github/instructions",
        extension: ".instructions.md",
        global_placement: "none",
        scoped_layout: "flat",
        frontmatter: ["---", "applyTo: {globs_csv}", "---"],
        install: {
          adapter_symlinks: [{ link: "CLAUDE.md", target: "AGENTS.md", fallback: "copy" }],
          legacy_cleanup: [".github/old.md"],
          scaffold_dirs: [".github/prompts"],
          preserve: ["local-*.md"],
          seeds: {
            source_dir: "seeds",
            install_dir: ".config",
            files: ["settings.json"],
            known_hashes: { "settings.json": ["a".repeat(64)] },
          },
          owned_assets: [{ source: "assets/guard.sh", install: ".hooks/guard.sh", kind: "program" }],
        },
      },
      {
        id: "skills",
        output_dir: "skills",
        global_placement: "none",
        scoped_layout: "per_rule_dir",
        per_rule_filename: "SKILL.md",
        frontmatter: ["---", "name: {slug}", "description: {description}", "---"],
      },
    ],
    tools: [
      {
        name: "jq",
        purpose: "JSON",
        install: ["apt-get install jq", "brew install jq"],
        project_path: "bin/jq",
        payload: ["vendor/jq"],
        payload_keep: ["vendor/jq/conf"],
      },
    ],
  }),
  "rules/a.md": "---\nscope: global\n---\n# Always\n\nBe kind.\n",
  "rules/b.md":
    "---\nscope: scoped\nglobs: ['src/**']\ndescription: Source code rule.\n---\n# Source Code\n\nUse types.\n",
  "seeds/settings.json": '{"user": "owned"}\n',
  "assets/guard.sh": "#!/bin/sh\nexit 0\n",
};

describe("manifest.json", () => {
  it("keeps the canonical layout pinned by the golden file", async () => {
    const result = await compileRegistry(testdir(registry));
    assert.ok(result.manifest, JSON.stringify(result.diagnostics, null, 2));
    const text = serializeManifest(result.manifest);
    if (process.env.UPDATE_GOLDEN) writeFileSync(goldenPath, text);
    assert.equal(text, readFileSync(goldenPath, "utf8"));
  });

  it("puts one list element per line, so a line-based reader can take the hashes", async () => {
    const result = await compileRegistry(testdir(registry));
    assert.ok(result.manifest);
    const lines = serializeManifest(result.manifest).split("\n");
    const hashLines = lines.filter((l) => /^ {6}"[^"]+ :: [0-9a-f]{64}",?$/.test(l));
    assert.equal(
      hashLines.length,
      result.manifest.install.artifact_hashes.length + result.manifest.install.seed_hashes.length + 1,
    );
    assert.deepEqual(
      lines.filter((l) => /^ {2}"[a-z_]+":/.test(l)).map((l) => l.trim().split(":")[0]),
      ['"version"', '"artifacts"', '"install"', '"registry_version"'],
    );
  });

  it("derives registry_version from the content when targets.json gives none", async () => {
    const targets = JSON.parse(registry["targets.json"]) as Record<string, unknown>;
    delete targets.registry_version;
    const first = await compileRegistry(testdir({ ...registry, "targets.json": JSON.stringify(targets) }));
    const changed = await compileRegistry(
      testdir({
        ...registry,
        "targets.json": JSON.stringify(targets),
        "rules/a.md": "# Always\n\nBe very kind.\n",
      }),
    );
    assert.match(first.manifest?.registry_version ?? "", /^0\.0\.0\+[0-9a-f]{12}$/);
    assert.notEqual(first.manifest?.registry_version, changed.manifest?.registry_version);
  });
});
