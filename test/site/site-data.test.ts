import assert from "node:assert/strict";
import { join } from "node:path";
import { describe, it } from "node:test";
import { alwaysLoadedFiles } from "../../src/checks/clients/always-loaded-within-limit.js";
import { agentsMdAdapter, baseFixture, targetsWith } from "../../src/diagnostics/fixture-base.js";
import { capabilityMatrix, enforcementLevels } from "../../src/emit/matrix/capability-matrix.js";
import { sitePagePaths } from "../../src/emit/site-paths.js";
import { type CompileResult, compileRegistry } from "../../src/pipeline/compile.js";
import { packageRoot } from "../../src/shared/package-paths.js";
import { buildSite } from "../../src/site/build-site.js";
import { siteDataElementId } from "../../src/site/render-site.js";
import { siteData } from "../../src/site/site-data.js";
import type { SiteData } from "../../src/site/site-model.js";
import { testdir } from "../support/testdir.js";

const team = join(packageRoot, "examples", "team");

async function compiled(
  dir: string,
): Promise<Required<Pick<CompileResult, "registry" | "tree" | "manifest">> & CompileResult> {
  const result = await compileRegistry(dir, { offline: true });
  assert.ok(
    result.ok && result.registry && result.tree && result.manifest,
    JSON.stringify(result.diagnostics),
  );
  return result as Required<Pick<CompileResult, "registry" | "tree" | "manifest">> & CompileResult;
}

/** The JSON embedded in index.html, read back the way the page reads it. */
function embedded(html: string): SiteData {
  const match = new RegExp(`<script type="application/json" id="${siteDataElementId}">(.*)</script>`).exec(
    html,
  );
  assert.ok(match?.[1], "index.html embeds the data");
  return JSON.parse(match[1]) as SiteData;
}

describe("the registry page's data comes from what the compiler computed", () => {
  it("lists every compiled rule with the files that carry it, source rules and core rules", async () => {
    const result = await compiled(team);
    const data = siteData(result);
    const slugs = data.rules.map((r) => `${r.origin}:${r.slug}`);
    assert.deepEqual(slugs, [
      ...result.registry.rules.map((r) => `source:${r.slug}`),
      ...result.registry.core.rules.map((r) => `core:${r.name}`),
    ]);
    for (const rule of data.rules.filter((r) => r.origin === "source")) {
      const carriers = result.tree.files.filter((f) => f.rules.some((r) => r.slug === rule.slug));
      assert.deepEqual(
        rule.writes.map((w) => w.path).sort(),
        [...new Set(carriers.map((f) => f.path))].sort(),
        rule.slug,
      );
    }
    const testing = data.rules.find((r) => r.slug === "testing");
    assert.ok(
      testing?.writes.some((w) => w.component === "claude-code" && w.path === ".claude/rules/testing.md"),
    );
  });

  it("carries the capability matrix as the compiler makes it, and the levels as data", async () => {
    const result = await compiled(team);
    const data = siteData(result);
    const clients = result.registry.clients.map((c) => c.pack.client);
    assert.deepEqual(data.matrix, capabilityMatrix(result.tree.capabilities, clients));
    assert.deepEqual(data.states.map((s) => s.id).sort(), [...enforcementLevels].sort());
    assert.equal(data.states[0]?.id, "enforced");
    assert.ok(data.states.every((s) => s.meaning.length > 0 && s.tone !== undefined));
  });

  it("lists each component's files with the manifest's hashes", async () => {
    const result = await compiled(team);
    const data = siteData(result);
    assert.deepEqual(
      data.components.map((c) => c.id),
      Object.keys(result.manifest.install.components),
    );
    const hashes = new Set([
      ...result.manifest.install.artifact_hashes,
      ...result.manifest.install.seed_hashes,
    ]);
    for (const component of data.components)
      for (const file of component.files) assert.ok(hashes.has(`${file.path} :: ${file.sha256}`), file.path);
    const claude = data.components.find((c) => c.id === "claude-code");
    assert.ok(claude?.links.some((l) => l.path === "CLAUDE.md" && l.target === "AGENTS.md"));
    assert.ok(claude?.composed.some((s) => s.path === ".claude/settings.json"));
  });

  it("measures the budgets with the budget checks' own functions", async () => {
    const result = await compiled(team);
    const data = siteData(result);
    const agents = data.budgets.files.find((f) => f.path === "AGENTS.md");
    assert.equal(agents?.lines.limit, 100);
    assert.equal(agents?.words?.limit, 200);
    assert.equal(agents?.words?.exclusive, true);
    const text = result.tree.files.find((f) => f.path === "AGENTS.md")?.bytes.toString() ?? "";
    assert.ok(text.endsWith("\n"));
    assert.equal(agents?.lines.value, text.split("\n").length - 1);
    for (const client of result.registry.clients) {
      const entry = data.budgets.alwaysLoaded.find((b) => b.client === client.pack.client);
      const files = alwaysLoadedFiles(result.registry, client, result.tree).map((f) => f.path);
      assert.deepEqual(
        entry?.files.map((f) => f.path),
        files,
      );
      assert.equal(entry?.characters.limit, client.pack.always_loaded_limit ?? 40_000);
    }
  });

  it("describes the capability package as its manifest component installs it", async () => {
    const result = await compiled(team);
    const [notes] = siteData(result).capabilities;
    const install = result.manifest.install.components["capability-team-notes"]?.capability;
    assert.equal(notes?.id, install?.id);
    assert.equal(notes?.version, install?.version);
    assert.deepEqual(notes?.environment, install?.environment);
    assert.deepEqual(
      notes?.hooks.map((h) => `${h.event} :: ${h.required ? "required" : "optional"} :: ${h.command}`),
      install?.hooks,
    );
    assert.deepEqual(notes?.requires, []);
    assert.deepEqual(notes?.commands, ["list"]);
    assert.equal(notes?.layer, "knowledge");
  });

  it("names every dropped rule with the reason and the diagnostic that reported it", async () => {
    const skipAdapter = {
      id: "tests-skip",
      output_dir: ".skip/rules",
      extension: ".md",
      global_placement: "none",
      scoped_layout: "flat",
      frontmatter: "---\nglobs: {globs}\n---",
      skip_globs: ["**/*.test.ts"],
    };
    const dir = testdir({
      ...baseFixture,
      "sources.json": JSON.stringify({
        version: 1,
        trigger_keys: ["any-code"],
        router_slug: "skill-router",
        sources: [
          { name: "custom", kind: "custom", path: "rules", enabled: true },
          { name: "vendor", kind: "community", path: "vendor", enabled: true },
        ],
      }),
      "targets.json": targetsWith([agentsMdAdapter, skipAdapter]),
      "rules/tests.md":
        '---\nscope: scoped\nglobs: ["**/*.test.ts"]\ndescription: Tests.\nsupersedes: old-tests\n---\n# Tests\n\n- Name tests after behaviour.\n',
      "rules/old.md":
        '---\nscope: scoped\nglobs: ["test/**"]\ndescription: Old tests.\n---\n# Old Tests\n\n- Old.\n',
      "vendor/style.md": "---\nscope: global\n---\n# Code Style\n\n- Vendor style.\n",
    });
    const result = await compiled(dir);
    const dropped = siteData(result).dropped;
    const by = Object.fromEntries(dropped.map((d) => [`${d.reason}:${d.slug}`, d]));
    assert.equal(by["source-priority:code-style"]?.source, "vendor");
    assert.equal(by["source-priority:code-style"]?.by?.source, "custom");
    assert.equal(by["source-priority:code-style"]?.check, "AGC009");
    assert.equal(by["supersedes:old-tests"]?.by?.slug, "tests");
    assert.match(by["supersedes:old-tests"]?.why ?? "", /supersedes it/);
    assert.deepEqual(by["skip_globs:tests"]?.adapters, ["tests-skip"]);
    assert.equal(by["skip_globs:tests"]?.check, "AGC029");
    const reported = new Set(result.diagnostics.map((d) => `${d.id} ${d.message}`));
    for (const d of dropped.filter((x) => x.reason !== "skip_globs"))
      assert.ok(reported.has(`${d.check} ${d.why}`));
  });
});

describe("the registry page's files", () => {
  it("are the same bytes for the same registry, and embed the data safely", async () => {
    const first = buildSite(await compiled(team));
    const second = buildSite(await compiled(team));
    assert.deepEqual([...first.keys()], Object.values(sitePagePaths));
    for (const [path, bytes] of first) assert.ok(bytes.equals(second.get(path) ?? Buffer.alloc(0)), path);
    const data = embedded(first.get(sitePagePaths.html)?.toString() ?? "");
    assert.equal(data.format, 1);
    assert.equal(data.registryVersion, "0.3.0");
  });

  it("keep registry text that looks like markup inside the data", async () => {
    const dir = testdir({
      ...baseFixture,
      "rules/evil.md":
        '---\nscope: scoped\nglobs: ["x/**"]\ndescription: "</script><script>alert(1)</script>"\n---\n# Evil\n\n- Body.\n',
    });
    const html =
      buildSite(await compiled(dir))
        .get(sitePagePaths.html)
        ?.toString() ?? "";
    assert.equal(html.match(/<\/script>/g)?.length, 2, "only the page's own two script elements end");
    const evil = embedded(html).rules.find((r) => r.slug === "evil");
    assert.equal(evil?.description, "</script><script>alert(1)</script>");
  });

  it("keep the page's own code and styles under 100 KB", async () => {
    const files = buildSite(await compiled(team));
    const own =
      (files.get(sitePagePaths.script)?.length ?? 0) + (files.get(sitePagePaths.style)?.length ?? 0);
    assert.ok(own > 0 && own < 100 * 1024, `${own} bytes`);
  });
});
