import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { newestLabel } from "../../../src/distribute/wanted-version.js";
import { notLinux } from "../../support/install-sh.js";
import { startRegistry } from "../../support/oci-registry.js";
import { runAgentc } from "../../support/run-cli.js";
import { testdir } from "../../support/testdir.js";
import { type BuildFixture, makeBuildDir } from "../../support/zip-fixtures.js";

const release = (version: string): BuildFixture => ({
  files: { "AGENTS.md": `# Rules ${version}\n` },
  executables: [],
  rewrites: [],
  version,
});
const recordOf = (project: string) =>
  JSON.parse(readFileSync(join(project, ".agentc", "installed.json"), "utf8"));

describe("versions from tags", () => {
  it("picks the newest release within a range, keeping the tag's own spelling", () => {
    const tags = ["latest", "1.0.0", "v1.4.2", "1.4.10", "2.0.0-rc.1", "sha256-abc.sig", "1.10.0"];
    assert.equal(newestLabel(tags), "1.10.0");
    assert.equal(newestLabel(tags, "~1.4"), "1.4.10");
    assert.equal(newestLabel(tags, "1.4.2"), "v1.4.2");
    assert.equal(newestLabel(tags, ">=2.0.0-rc.0"), "2.0.0-rc.1", "a pre-release only when the range asks");
    assert.equal(newestLabel(tags, "^3"), undefined);
  });

  it("a project installed from a version tag sees and takes the newest version tag; --to and outdated agree; publish keeps tags honest", {
    skip: notLinux,
  }, async () => {
    const registry = await startRegistry();
    const repo = `oci://${registry.host}/acme/agent-config`;
    for (const version of ["1.0.0", "1.1.0", "2.0.0"]) {
      const pushed = await runAgentc(["publish", makeBuildDir(release(version)), `${repo}:${version}`]);
      assert.equal(pushed.status, 0, pushed.stderr);
    }
    const project = testdir({ "README.md": "mine\n" });
    assert.equal((await runAgentc(["install", `${repo}:1.0.0`, "--project", project, "--yes"])).status, 0);
    assert.equal(
      readFileSync(join(project, "AGENTS.md"), "utf8"),
      "# Rules 1.0.0\n",
      "install takes the tag it is given",
    );

    const check = await runAgentc(["update", "--project", project, "--check"]);
    assert.equal(check.status, 1, check.stdout + check.stderr);
    assert.match(check.stdout, /update available: 1\.0\.0 → 2\.0\.0 from oci:\/\//);
    const fleet = await runAgentc(["outdated", project, "--format", "json"]);
    assert.match(fleet.stdout, /"newest": "2\.0\.0"/);

    const minor = await runAgentc(["update", "--project", project, "--to", "~1.1"]);
    assert.equal(minor.status, 0, minor.stderr);
    assert.equal(readFileSync(join(project, "AGENTS.md"), "utf8"), "# Rules 1.1.0\n");
    assert.equal(recordOf(project).source.url, `${repo}:1.1.0`, "the record names the tag it took");

    const none = await runAgentc(["update", "--project", project, "--to", "^3"]);
    assert.equal(none.status, 1);
    assert.match(none.stderr, /has no version that satisfies \^3\n {2}hint: it offers .*2\.0\.0/);
    const bad = await runAgentc(["update", "--project", project, "--to", "newest"]);
    assert.equal(bad.status, 1);
    assert.match(bad.stderr, /--to newest is neither a version nor a version range/);

    const wrongTag = await runAgentc(["publish", makeBuildDir(release("2.0.1")), `${repo}:3.0.0`]);
    assert.equal(wrongTag.status, 1);
    assert.match(
      wrongTag.stderr,
      /the tag 3\.0\.0 says version 3\.0\.0, but the bundle's registry_version is 2\.0\.1/,
    );
    const onPurpose = await runAgentc(["publish", makeBuildDir(release("2.0.1")), `${repo}:latest`]);
    assert.equal(onPurpose.status, 0, "a moving tag is not a version");

    const full = await runAgentc(["update", "--project", project]);
    assert.equal(full.status, 0, full.stderr);
    assert.equal(readFileSync(join(project, "AGENTS.md"), "utf8"), "# Rules 2.0.0\n");
  });
});
