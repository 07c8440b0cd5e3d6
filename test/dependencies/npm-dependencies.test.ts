import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { runAgentc } from "../support/run-cli.js";
import { startNpmServer } from "./npm-server.js";
import { initRegistry } from "./upstream.js";

const skill = (words: string) =>
  `---\nname: lint\ndescription: ${words} Use it when asked.\n---\n# lint\n\n${words}\n`;
const release = (version: string, words: string) => ({
  "package.json": `${JSON.stringify({ name: "@acme/agent-skills", version, license: "MIT", files: ["skills"] })}\n`,
  "skills/lint/SKILL.md": skill(words),
  "README.md": "not used\n",
});

const read = (path: string) => readFileSync(path, "utf8");
const builtSkill = (dir: string) => read(join(dir, "build", ".claude", "skills", "lint", "SKILL.md"));

/**
 * One registry with release 1.0.0 for the two refusals, which only read it: the first leaves it as it is, the
 * second then states a larger size in its packument. The test that stops its registry has its own.
 */
let refusalRegistry: Promise<Awaited<ReturnType<typeof startNpmServer>>> | undefined;
function refusals() {
  refusalRegistry ??= startNpmServer(true).then((npm) => {
    npm.publish(release("1.0.0", "Lint v1."));
    return npm;
  });
  return refusalRegistry;
}

describe("npm dependencies: a package of skills from a real npm registry (Verdaccio) on loopback", () => {
  after(async () => (await refusalRegistry)?.stop());
  it("locks the version a range names, builds offline, and --frozen fails once a newer version matches", async () => {
    const npm = await startNpmServer();
    npm.publish(release("1.0.0", "Lint v1."));
    const dir = await initRegistry("team");
    const add = [
      "add",
      "npm:@acme/agent-skills",
      dir,
      "--path",
      "skills",
      "--ref",
      "^1.0.0",
      "--npm-registry",
      npm.url,
    ];
    const added = await runAgentc(add);
    assert.equal(added.status, 0, added.stderr);
    const entry = JSON.parse(read(join(dir, "agentc.lock"))).dependencies[0];
    assert.deepEqual(
      { name: entry.name, resolved: entry.resolved, licence: entry.licence },
      { name: "agent-skills", resolved: "1.0.0", licence: "MIT" },
    );
    assert.equal((await runAgentc(["build", dir])).status, 0);
    assert.match(builtSkill(dir), /Lint v1\./);

    npm.publish(release("1.1.0", "Lint v1.1."));
    const frozen = await runAgentc(["build", dir, "--frozen"]);
    assert.equal(frozen.status, 1);
    assert.match(
      frozen.stdout,
      /Dependency "agent-skills": "\^1\.0\.0" now names 1\.1\.0 upstream, but agentc\.lock pins 1\.0\.0/,
    );
    const outdated = await runAgentc(["outdated", "--sources", dir, "--format", "json"]);
    assert.deepEqual(JSON.parse(outdated.stdout).dependencies[0], {
      name: "agent-skills",
      kind: "npm",
      ref: "^1.0.0",
      locked: "1.0.0",
      newest: "1.1.0",
      state: "behind",
    });

    await npm.stop();
    const offline = await runAgentc(["build", dir, "--offline"]);
    assert.equal(offline.status, 0, offline.stdout);
    assert.match(builtSkill(dir), /Lint v1\./);
  });

  it("a range no version matches is refused with the versions there are", async () => {
    const npm = await refusals();
    const dir = await initRegistry("team");
    const added = await runAgentc([
      "add",
      "npm:@acme/agent-skills",
      dir,
      "--ref",
      "^2",
      "--npm-registry",
      npm.url,
    ]);
    assert.equal(added.status, 1);
    assert.match(
      added.stderr,
      /no version of @acme\/agent-skills matches "\^2" in http:\/\/127\.0\.0\.1:\d+ \(it has 1\.0\.0\)/,
    );
  });

  it("a package whose packument states more than 128 MiB unpacked is refused before its tarball is fetched", async () => {
    const npm = await refusals();
    npm.editPackument("@acme/agent-skills", (packument) => {
      const versions = packument.versions as Record<string, { dist: Record<string, unknown> }>;
      (versions["1.0.0"] as { dist: Record<string, unknown> }).dist.unpackedSize = 200 * 1024 * 1024;
    });
    const dir = await initRegistry("team");
    const added = await runAgentc(["add", "npm:@acme/agent-skills", dir, "--npm-registry", npm.url]);
    assert.equal(added.status, 1, added.stdout);
    assert.match(
      added.stderr,
      /"agent-skills": @acme\/agent-skills@1\.0\.0 is larger than agentc takes: its registry states 209715200 bytes unpacked \(at most 33554432 bytes packed and 134217728 unpacked\)/,
    );
    assert.match(added.stderr, /Depend on a smaller package/);
  });
});
