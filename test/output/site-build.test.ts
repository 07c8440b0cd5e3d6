import assert from "node:assert/strict";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { sha256 } from "../../src/shared/hash.js";
import { runAgentc } from "../support/run-cli.js";
import { testdir } from "../support/testdir.js";

const page = ["site/assets/page.css", "site/assets/page.js", "site/index.html"];
const record = "site/.agentc-site.json";

async function build(
  out: string,
  registry = "examples/team",
): Promise<{ status: number; report: Record<string, unknown>; stderr: string }> {
  const result = await runAgentc(["build", registry, "--out", out, "--format", "json"]);
  return {
    status: result.status,
    report: result.stdout ? JSON.parse(result.stdout) : {},
    stderr: result.stderr,
  };
}

describe("agentc build writes the registry page beside manifest.json", () => {
  it("writes site/ with a record of its hashes, and leaves it out of the manifest and the bundle", async () => {
    const out = join(testdir(), "build");
    const first = await build(out);
    assert.equal(first.status, 0, first.stderr);
    for (const path of [...page, record]) assert.ok((first.report.written as string[]).includes(path), path);
    const lines = JSON.parse(readFileSync(join(out, record), "utf8")).files as string[];
    assert.deepEqual(
      lines,
      page.map((path) => `${path} :: ${sha256(readFileSync(join(out, path)))}`),
    );
    const manifest = readFileSync(join(out, "manifest.json"), "utf8");
    assert.doesNotMatch(manifest, /site\//);
    const bundle = join(testdir(), "bundle.zip");
    assert.equal((await runAgentc(["pack", out, "--out", bundle])).status, 0);
    assert.ok(!readFileSync(bundle).includes("site/index.html"), "the bundle has no page");
  });

  it("writes nothing on a rebuild of the same registry, and the same bytes into another folder", async () => {
    const work = testdir();
    const one = join(work, "one");
    const two = join(work, "two");
    assert.equal((await build(one)).status, 0);
    const again = await build(one);
    assert.deepEqual(again.report.written, []);
    assert.equal((await build(two)).status, 0);
    for (const path of [...page, record])
      assert.ok(readFileSync(join(one, path)).equals(readFileSync(join(two, path))), path);
  });

  it("refuses, writing nothing, when site/index.html is a person's file", async () => {
    const out = testdir({ "site/index.html": "<h1>our own site</h1>\n" });
    const result = await build(out);
    assert.equal(result.status, 1);
    assert.match(result.stderr, /nothing written: .*site\/index\.html/);
    assert.equal(readFileSync(join(out, "site/index.html"), "utf8"), "<h1>our own site</h1>\n");
    assert.ok(!existsSync(join(out, "manifest.json")));
  });

  it("refuses to replace a page file edited since the last build, and replaces one it wrote", async () => {
    const work = testdir();
    const registry = join(work, "registry");
    const out = join(work, "out");
    assert.equal((await runAgentc(["init", registry])).status, 0);
    assert.equal((await build(out, registry)).status, 0);
    const rule = join(registry, "sources", "team", "project.md");
    writeFileSync(rule, `${readFileSync(rule, "utf8")}\n- One more line.\n`);
    const changed = await build(out, registry);
    assert.equal(changed.status, 0, changed.stderr);
    assert.ok((changed.report.written as string[]).includes("site/index.html"));
    writeFileSync(join(out, "site/assets/page.css"), "body { color: red }\n");
    const edited = await build(out, registry);
    assert.equal(edited.status, 1);
    assert.match(edited.stderr, /site\/assets\/page\.css/);
    assert.equal(readFileSync(join(out, "site/assets/page.css"), "utf8"), "body { color: red }\n");
  });

  it("removes a page file an earlier build recorded and this one no longer writes, and keeps a record it cannot read", async () => {
    const out = join(testdir(), "build");
    assert.equal((await build(out)).status, 0);
    mkdirSync(join(out, "site/old"), { recursive: true });
    writeFileSync(join(out, "site/old/app.js"), "old\n");
    const recorded = JSON.parse(readFileSync(join(out, record), "utf8"));
    recorded.files.push(`site/old/app.js :: ${sha256("old\n")}`);
    writeFileSync(join(out, record), JSON.stringify(recorded));
    const again = await build(out);
    assert.equal(again.status, 0, again.stderr);
    assert.deepEqual(again.report.removed, ["site/old/app.js"]);
    assert.ok(!existsSync(join(out, "site/old/app.js")));
    writeFileSync(join(out, record), "not a record\n");
    const foreign = await build(out);
    assert.equal(foreign.status, 1);
    assert.match(foreign.stderr, /site\/\.agentc-site\.json/);
  });

  it("stops with AGC170 when an adapter writes where the page goes", async () => {
    const result = await runAgentc(["explain", "AGC170"]);
    assert.equal(result.status, 0);
    const registry = testdir({
      "sources.json": JSON.stringify({ version: 1, sources: [{ name: "r", kind: "custom", path: "rules" }] }),
      "targets.json": JSON.stringify({
        version: 1,
        builtin_adapters: "none",
        targets: [
          {
            id: "page",
            output_dir: "site",
            extension: ".html",
            global_placement: "pinned_module",
            pinned_global_name: "index",
            scoped_layout: "none",
            scoped_fallback: "omit",
          },
        ],
      }),
      "rules/a.md": "---\nscope: global\n---\n# A\n\n- Text.\n",
    });
    const out = join(testdir(), "out");
    const built = await runAgentc(["build", registry, "--out", out]);
    assert.equal(built.status, 1);
    assert.match(
      built.stdout,
      /targets\.json:\d+:\d+: error AGC170 Unexpected artifact site\/index\.html of page/,
    );
    assert.ok(!existsSync(out));
  });
});
