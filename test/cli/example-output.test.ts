import assert from "node:assert/strict";
import { join } from "node:path";
import { describe, it } from "node:test";
import { packageRoot } from "../../src/shared/package-paths.js";
import { runMain } from "../support/run-main.js";
import { testdir } from "../support/testdir.js";

const example = join(packageRoot, "examples", "registry");

describe("npm run example: every line it prints is needed", () => {
  it("the tally, one note on the assistants served, and what was built and written", async () => {
    const out = join(testdir(), "build");
    const result = await runMain(["build", example, "--out", out]);
    assert.equal(result.status, 0, result.stderr);
    const lines = result.stdout.trimEnd().split("\n");
    assert.equal(lines.length, 3, result.stdout);
    assert.match(
      lines[0] ?? "",
      /^0 error\(s\), 0 warning\(s\), 0 info, \d+ client limit\(s\); --verbose shows every diagnostic in full$/,
    );
    assert.match(
      lines[1] ?? "",
      /^note: this registry serves every built-in assistant, so client limits are only counted;/,
    );
    const built = new RegExp(
      `^built (\\d+) artifacts for 17 adapters into ${out}, plus manifest\\.json, marketplace\\.json, plugin\\.zip, sbom\\.cdx\\.json and site/ \\((\\d+) files\\): (\\d+) written, 0 unchanged, 0 removed$`,
    ).exec(lines[2] ?? "");
    assert.ok(built, lines[2]);
    const [artifacts, others, written] = built.slice(1).map(Number) as [number, number, number];
    assert.equal(artifacts + others, written, "the artifacts and the other files are what was written");
    const json = JSON.parse((await runMain(["build", example, "--out", out, "--format", "json"])).stdout);
    assert.equal(json.files, artifacts);
    assert.equal(json.unchanged, written);
    assert.doesNotMatch(result.stdout, /warning AGC|supersedes|promises? it cannot keep/);
  });

  it("a rebuild says what it left as it was", async () => {
    const out = join(testdir(), "build");
    await runMain(["build", example, "--out", out]);
    const again = await runMain(["build", example, "--out", out]);
    assert.match(again.stdout, /\(8 files\): 0 written, 35 unchanged, 0 removed$/m);
  });

  it("limits every chosen assistant gets around are counted as accepted, not as limits", async () => {
    const dir = join(testdir(), "reg");
    await runMain(["init", dir, "--assistants", "claude-code,cursor"]);
    const build = await runMain(["build", dir]);
    assert.match(build.stdout, /^0 error\(s\), 0 warning\(s\), 0 info, 1 accepted client limit\(s\)$/m);
    assert.match(
      build.stdout,
      /^built \d+ artifacts for 3 adapters into \S+, plus manifest\.json, sbom\.cdx\.json and site\/ \(\d+ files\)/m,
    );
  });
});
