import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { unzipSync } from "fflate";
import { runAgentc, runCliAsync, runCliProcess } from "../support/run-cli.js";
import { seedRegistry } from "../support/seed-fixtures.js";
import { failedServe, startServe } from "../support/serve-process.js";
import { testdir } from "../support/testdir.js";
import { bytes, serve } from "../support/zip-server.js";

/** The every-field registry of seed 000 built, and packed with its tools' payloads. */
async function packedWithPayloads(): Promise<{ build: string; zip: string; dir: string }> {
  const registry = await seedRegistry("000-every-field");
  const out = testdir();
  const build = join(out, "build");
  const built = await runAgentc(["build", registry, "--out", build, "--quiet"]);
  assert.equal(built.status, 0, built.stderr);
  const zip = join(out, "bundle.zip");
  const packed = await runAgentc(["pack", build, "--out", zip, "--payloads", "--format", "json"]);
  assert.equal(packed.status, 0, packed.stderr || packed.stdout);
  return { build, zip, dir: out };
}

const installed = (project: string, path: string) => readFileSync(join(project, path), "utf8");

describe("seed 000 tools: payloads packed by the image build, installed from zip and URL", () => {
  it("pack --payloads runs the first install command once in an empty folder and carries its folders, with hashes", async () => {
    const { build, zip } = await packedWithPayloads();
    const entries = unzipSync(readFileSync(zip));
    const manifest = JSON.parse(Buffer.from(entries["manifest.json"] ?? []).toString("utf8"));
    assert.deepEqual(
      manifest.install.payload_hashes.map((l: string) => l.split(" :: ")[0]),
      [".kit/bin/kit", ".kit/memory/notes.md", ".kit/templates/plan.md"],
    );
    assert.deepEqual(manifest.install.payload_executables, [".kit/bin/kit"]);
    assert.equal(Buffer.from(entries[".kit/templates/plan.md"] ?? []).toString(), "plan\n");
    const buildManifest = JSON.parse(readFileSync(join(build, "manifest.json"), "utf8"));
    assert.equal(
      buildManifest.install.payload_hashes,
      undefined,
      "the build folder stays what the build wrote",
    );
  });

  it("a zip install copies the payload; payload_keep is the user's once it exists; uninstall leaves it", async () => {
    const { zip } = await packedWithPayloads();
    const project = testdir();
    const first = await runAgentc(["install", zip, "--project", project, "--all", "--yes"]);
    assert.equal(first.status, 0, first.stderr);
    assert.equal(installed(project, ".kit/templates/plan.md"), "plan\n");
    assert.equal(installed(project, ".kit/memory/notes.md"), "notes\n");
    assert.equal(statSync(join(project, ".kit/bin/kit")).mode & 0o777, 0o755);
    const clean = await runAgentc(["status", "--project", project, "--check"]);
    assert.equal(clean.status, 0, `a kept payload file is not foreign: ${clean.stdout}`);
    writeFileSync(join(project, ".kit/memory/notes.md"), "my notes\n");
    writeFileSync(join(project, ".kit/memory/more.md"), "more\n");
    const again = await runAgentc(["install", zip, "--project", project, "--all", "--yes"]);
    assert.equal(again.status, 0, again.stderr);
    assert.equal(installed(project, ".kit/memory/notes.md"), "my notes\n");
    assert.equal(
      (await runAgentc(["status", "--project", project, "--check"])).status,
      0,
      "the kept folder is the user's",
    );
    assert.equal((await runAgentc(["uninstall", "--project", project])).status, 0);
    assert.equal(existsSync(join(project, ".kit/templates/plan.md")), false);
    assert.equal(installed(project, ".kit/memory/notes.md"), "my notes\n");
  });

  it("a URL install carries the payload too, verified by the bundle's sha256", async () => {
    const { zip } = await packedWithPayloads();
    const body = readFileSync(zip);
    const server = await serve({
      "/b/bundle.zip": bytes(body),
      "/b/bundle.zip.sha256": bytes(readFileSync(`${zip}.sha256`)),
    });
    const project = testdir();
    const run = await runAgentc([
      "install",
      server.url("/b/bundle.zip"),
      "--project",
      project,
      "--all",
      "--yes",
    ]);
    assert.equal(run.status, 0, run.stderr);
    assert.equal(installed(project, ".kit/bin/kit"), "#!/bin/sh\necho kit\n");
  });

  it("a bundle packed without --payloads installs, and says that the payload is not in it", async () => {
    const { build } = await packedWithPayloads();
    const project = testdir();
    const run = await runAgentc(["install", build, "--project", project, "--all", "--yes"]);
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /note: the payload folder \.kit is not in this bundle/);
    assert.equal(existsSync(join(project, ".kit")), false);
  });

  it("a failing install command fails the pack with its output and exit code; nothing is written", async () => {
    const registry = await seedRegistry("000-every-field");
    const targets = JSON.parse(readFileSync(join(registry, "targets.json"), "utf8"));
    targets.tools[1].install = ["echo fetching templates; echo 'no network' >&2; exit 7"];
    writeFileSync(join(registry, "targets.json"), JSON.stringify(targets));
    const out = testdir();
    assert.equal((await runAgentc(["build", registry, "--out", join(out, "build"), "--quiet"])).status, 0);
    const run = await runAgentc(["pack", join(out, "build"), "--out", join(out, "bundle.zip"), "--payloads"]);
    assert.equal(run.status, 1);
    assert.match(run.stderr, /the install command of tool kit .* exited with code 7; nothing was packed/);
    assert.match(run.stderr, /fetching templates\nno network/);
    assert.deepEqual(
      readdirSync(out).filter((name) => name !== "build"),
      [],
    );
  });

  it("a command that leaves its payload folder out fails the pack", async () => {
    const registry = await seedRegistry("000-every-field");
    const targets = JSON.parse(readFileSync(join(registry, "targets.json"), "utf8"));
    targets.tools[1].install = ["mkdir -p elsewhere"];
    writeFileSync(join(registry, "targets.json"), JSON.stringify(targets));
    const out = testdir();
    assert.equal((await runAgentc(["build", registry, "--out", join(out, "build"), "--quiet"])).status, 0);
    const run = await runAgentc(["pack", join(out, "build"), "--out", join(out, "bundle.zip"), "--payloads"]);
    assert.equal(run.status, 1);
    assert.match(run.stderr, /did not create its payload folder \.kit/);
  });

  it("a missing tool is named with its purpose and first install command", async () => {
    const { zip } = await packedWithPayloads();
    const project = testdir();
    const run = runCliProcess(["install", zip, "--project", project, "--all", "--yes"], {
      env: { PATH: "/nonexistent" },
    });
    assert.equal(run.status, 0, run.stderr);
    assert.match(
      run.stdout,
      /tool acme-lint not found \(command -v acme-lint\): Checks commit messages before they are pushed; to install it: npm install -g @acme\/lint \(agentc never runs it\)/,
    );
  });
});

/** Waits until serve has printed what it serves (the lines after its URL). */
async function reported(stderr: () => string): Promise<void> {
  while (!stderr().includes("press Ctrl-C")) await new Promise((resolve) => setTimeout(resolve, 20));
}

describe("seed 000 tools: agentc serve is the web service whose image build captures the payloads", () => {
  it("serve <build> runs each payload tool's first install command once, says so, and an install from it gets the payload", async () => {
    const registry = await seedRegistry("000-every-field");
    const build = join(testdir(), "build");
    assert.equal((await runAgentc(["build", registry, "--out", build, "--quiet"])).status, 0);
    const server = await startServe([build]);
    try {
      await reported(server.stderr);
      assert.match(
        server.stderr(),
        /ran the first install command of tool kit once and packed its payload folder \.kit \(3 files\)/,
      );
      const manifest = (await (await fetch(`${server.url}manifest.json`)).json()) as {
        install: { payload_hashes?: string[] };
      };
      assert.deepEqual(
        (manifest.install.payload_hashes ?? []).map((l) => l.split(" :: ")[0]),
        [".kit/bin/kit", ".kit/memory/notes.md", ".kit/templates/plan.md"],
      );
      const project = testdir();
      const run = await runCliAsync(["install", server.url, "--project", project, "--all", "--yes"]);
      assert.equal(run.status, 0, run.stderr);
      assert.equal(installed(project, ".kit/templates/plan.md"), "plan\n");
      assert.doesNotMatch(run.stdout, /is not in this bundle/);
      const buildManifest = JSON.parse(readFileSync(join(build, "manifest.json"), "utf8"));
      assert.equal(buildManifest.install.payload_hashes, undefined, "the build folder stays as built");
    } finally {
      await server.stop();
    }
  });

  it("serve <build> whose install command fails does not start, and names the command and its output", async () => {
    const registry = await seedRegistry("000-every-field");
    const targets = JSON.parse(readFileSync(join(registry, "targets.json"), "utf8"));
    targets.tools[1].install = ["echo 'no network' >&2; exit 3"];
    writeFileSync(join(registry, "targets.json"), JSON.stringify(targets));
    const build = join(testdir(), "build");
    assert.equal((await runAgentc(["build", registry, "--out", build, "--quiet"])).status, 0);
    const failed = await failedServe([build]);
    assert.equal(failed.code, 1);
    assert.match(failed.stderr, /the install command of tool kit .* exited with code 3; nothing was packed/);
    assert.match(failed.stderr, /no network/);
  });

  it("serve of a zip packed without --payloads refuses, with the pack command to run", async () => {
    const { build, dir } = await packedWithPayloads();
    const plain = join(dir, "plain.zip");
    assert.equal((await runAgentc(["pack", build, "--out", plain, "--quiet"])).status, 0);
    const failed = await failedServe([plain]);
    assert.equal(failed.code, 1);
    assert.match(
      failed.stderr,
      /plain\.zip does not carry the payload folder \.kit of tool kit.*agentc pack <build-folder> --payloads --out/s,
    );
  });

  it("serve of a zip packed with --payloads serves it as it is", async () => {
    const { zip } = await packedWithPayloads();
    const server = await startServe([zip]);
    try {
      const index = (await (await fetch(`${server.url}index.json`)).json()) as {
        versions: { sha256: string }[];
      };
      assert.equal(index.versions[0]?.sha256, readFileSync(`${zip}.sha256`, "utf8").split(" ")[0]);
      await reported(server.stderr);
      assert.doesNotMatch(server.stderr(), /ran the first install command/);
    } finally {
      await server.stop();
    }
  });
});
