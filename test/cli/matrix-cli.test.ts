import assert from "node:assert/strict";
import { cpSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { clientFixture, coreRule } from "../../src/diagnostics/client-fixture.js";
import { baseFixture } from "../../src/diagnostics/fixture-base.js";
import { promiseKinds } from "../../src/emit/matrix/capability-matrix.js";
import { packageRoot } from "../../src/shared/package-paths.js";
import { runAgentc } from "../support/run-cli.js";
import { testdir } from "../support/testdir.js";

const withClient = clientFixture({ "core/rules/style.md": coreRule("always_on", ["Keep functions short."]) });

describe("CAPABILITIES.md in the build", () => {
  it("is written at the root of the build and listed as an artifact, but never installed into a project", async () => {
    const registry = testdir(withClient);
    const out = join(registry, "build");
    assert.equal((await runAgentc(["build", registry, "--quiet"])).status, 0);
    const text = readFileSync(join(out, "CAPABILITIES.md"), "utf8");
    assert.match(text, /^# Capabilities\n/);
    assert.match(text, /\| example-client \(Example Client\) \|/);
    const manifest = JSON.parse(readFileSync(join(out, "manifest.json"), "utf8"));
    assert.ok(manifest.artifacts.includes("CAPABILITIES.md"));
    assert.ok(manifest.install.artifact_hashes.some((l: string) => l.startsWith("CAPABILITIES.md :: ")));
    const project = testdir();
    const install = await runAgentc(["install", out, "--project", project, "--yes"]);
    assert.equal(install.status, 0, install.stderr + install.stdout);
    assert.equal(existsSync(join(project, "AGENTS.md")), true);
    assert.equal(existsSync(join(project, "CAPABILITIES.md")), false);
  });

  it("is the same bytes on a rebuild, which leaves it untouched", async () => {
    const registry = testdir(withClient);
    await runAgentc(["build", registry, "--quiet"]);
    const first = readFileSync(join(registry, "build", "CAPABILITIES.md"));
    const again = JSON.parse((await runAgentc(["build", registry, "--format", "json"])).stdout);
    assert.ok(!again.written.includes("CAPABILITIES.md"));
    assert.deepEqual(readFileSync(join(registry, "build", "CAPABILITIES.md")), first);
  });

  it("is not written when no client pack is active", async () => {
    const registry = testdir(baseFixture);
    assert.equal((await runAgentc(["build", registry, "--quiet"])).status, 0);
    assert.equal(existsSync(join(registry, "build", "CAPABILITIES.md")), false);
  });
});

describe("agentc matrix", () => {
  it("prints the matrix the build writes into CAPABILITIES.md", async () => {
    const registry = testdir(withClient);
    await runAgentc(["build", registry, "--quiet"]);
    const printed = await runAgentc(["matrix", registry]);
    assert.equal(printed.status, 0, printed.stderr);
    assert.equal(printed.stdout, readFileSync(join(registry, "build", "CAPABILITIES.md"), "utf8"));
  });

  it("prints JSON with --format json, narrowed by --clients", async () => {
    const result = await runAgentc([
      "matrix",
      testdir(withClient),
      "--format",
      "json",
      "--clients",
      "example-client",
    ]);
    assert.equal(result.status, 0, result.stderr);
    const matrix = JSON.parse(result.stdout);
    assert.deepEqual(matrix.clients, ["example-client"]);
    assert.ok(Array.isArray(matrix.promises));
    assert.deepEqual(Object.keys(matrix.summary), ["example-client"]);
  });

  it("refuses a client that is not active, naming the active ones (exit 2)", async () => {
    const result = await runAgentc(["matrix", testdir(withClient), "--clients", "example-client,nope"]);
    assert.equal(result.status, 2);
    assert.match(result.stderr, /unknown client "nope"; active client packs: example-client/);
  });

  it("exits 0 with --check when no chosen client has a 'cannot' cell", async () => {
    assert.equal((await runAgentc(["matrix", testdir(withClient), "--check"])).status, 0);
  });

  it("on the client fixture registry: one row per promise across clients, and --check fails on a cannot", async () => {
    const fixture = testdir({}, "agentc-matrix-");
    cpSync(join(packageRoot, "test", "fixtures", "client-registry"), fixture, { recursive: true });
    const targets = JSON.parse(readFileSync(join(fixture, "targets.json"), "utf8")) as object;
    const chosen = { ...targets, builtin_clients: ["claude-code", "cursor", "gemini-cli"] };
    writeFileSync(join(fixture, "targets.json"), JSON.stringify(chosen));
    const args = ["matrix", fixture, "--offline", "--clients", "claude-code,cursor"];
    const result = await runAgentc([...args, "--format", "json"]);
    assert.equal(result.status, 0, result.stderr);
    const matrix = JSON.parse(result.stdout) as {
      promises: { kind: string; promise: string; cells: Record<string, { enforcement: string }> }[];
    };
    const push = matrix.promises.find((p) => p.promise === "skill code-review may not use Exec(git push)");
    assert.deepEqual(push?.cells["claude-code"]?.enforcement, "cannot");
    assert.deepEqual(push?.cells.cursor?.enforcement, "cannot");
    const kinds = matrix.promises.map((p) => p.kind);
    assert.deepEqual(
      kinds,
      [...kinds].sort((a, b) => promiseKinds.indexOf(a as never) - promiseKinds.indexOf(b as never)),
    );
    const checked = await runAgentc([...args, "--check"]);
    assert.equal(checked.status, 1);
    assert.match(checked.stderr, /cannot be expressed by a chosen client/);
  });

  it("prints the errors of a broken registry and exits 1", async () => {
    const broken = { ...withClient, "core/rules/style.md": coreRule("always_on", ["Text."], ["src/**"]) };
    const result = await runAgentc(["matrix", testdir(broken)]);
    assert.equal(result.status, 1);
    assert.match(result.stderr, /core\/rules\/style\.md:4:1: error AGC092/);
    assert.equal(result.stdout, "");
  });
});
