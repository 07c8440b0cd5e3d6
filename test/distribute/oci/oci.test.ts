import assert from "node:assert/strict";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { parseOciReference } from "../../../src/distribute/oci/oci-reference.js";
import { RegistryClient } from "../../../src/distribute/oci/registry-client.js";
import { packBundle } from "../../../src/packaging/bundle-zip.js";
import { sha256 } from "../../../src/shared/hash.js";
import { snapshot, withoutAgentc } from "../../support/install-fixture.js";
import { notLinux } from "../../support/install-sh.js";
import { faultyProxy, skopeo, startRegistry, startTokenService } from "../../support/oci-registry.js";
import { runAgentc } from "../../support/run-cli.js";
import { runCliAsync } from "../../support/run-cli-async.js";
import { testdir } from "../../support/testdir.js";
import { type BuildFixture, makeBuildDir } from "../../support/zip-fixtures.js";

const v1: BuildFixture = {
  files: {
    "AGENTS.md": "# Rules v1\n",
    ".github/copilot-instructions.md": "copilot\n",
    "bin/check.sh": "#!/bin/sh\n",
  },
  executables: ["bin/check.sh"],
  rewrites: [".github :: github-dir"],
  version: "1.0.0",
};
const v2: BuildFixture = { ...v1, files: { ...v1.files, "AGENTS.md": "# Rules v2\n" }, version: "1.1.0" };
const record = (project: string) =>
  JSON.parse(readFileSync(join(project, ".agentc", "installed.json"), "utf8"));

describe("OCI registries: agentc publish, install and update oci://", { skip: notLinux }, () => {
  it("publishes an artifact of its own type that skopeo reads back byte for byte, with the same digest every time", async () => {
    const registry = await startRegistry();
    const build = makeBuildDir(v1);
    const ref = `oci://${registry.host}/acme/agent-config:1.0.0`;
    const published = await runAgentc(["publish", build, ref, "--format", "json"]);
    assert.equal(published.status, 0, published.stderr);
    const { digest, version, bundleSha256 } = JSON.parse(published.stdout);
    assert.equal(version, "1.0.0");
    const raw = skopeo(
      "inspect",
      "--tls-verify=false",
      "--raw",
      `docker://${registry.host}/acme/agent-config:1.0.0`,
    );
    assert.equal(raw.status, 0, raw.stderr);
    assert.equal(`sha256:${sha256(raw.stdout)}`, digest);
    const manifest = JSON.parse(raw.stdout);
    assert.equal(manifest.artifactType, "application/vnd.agentc.bundle.v1");
    assert.equal(manifest.config.mediaType, "application/vnd.oci.empty.v1+json");
    assert.deepEqual(
      manifest.layers.map((l: { mediaType: string; annotations: Record<string, string> }) => [
        l.mediaType,
        l.annotations["org.opencontainers.image.title"],
      ]),
      [
        ["application/vnd.agentc.bundle.v1+zip", "bundle.zip"],
        ["application/vnd.agentc.manifest.v1+json", "manifest.json"],
      ],
    );
    assert.equal(manifest.layers[1].annotations["org.opencontainers.image.version"], "1.0.0");
    const copy = join(testdir(), "copy");
    const copied = skopeo(
      "copy",
      "--src-tls-verify=false",
      `docker://${registry.host}/acme/agent-config:1.0.0`,
      `dir:${copy}`,
    );
    assert.equal(copied.status, 0, copied.stderr);
    const zip = join(testdir(), "bundle.zip");
    packBundle(build, zip);
    assert.deepEqual(
      readFileSync(join(copy, bundleSha256)),
      readFileSync(zip),
      "the bundle layer is the packed bundle",
    );
    assert.deepEqual(
      readFileSync(join(copy, manifest.layers[1].digest.slice(7))),
      readFileSync(join(build, "manifest.json")),
    );
    const again = await runAgentc([
      "publish",
      zip,
      `oci://${registry.host}/acme/agent-config:again`,
      "--format",
      "json",
    ]);
    assert.equal(
      JSON.parse(again.stdout).digest,
      digest,
      "the zip and its build folder publish the same artifact",
    );
  });

  it("installs from a tag and from a digest exactly as from the build folder, recording the digest; update follows the tag", async () => {
    const registry = await startRegistry();
    const ref = `oci://${registry.host}/acme/agent-config:stable`;
    assert.equal((await runAgentc(["publish", makeBuildDir(v1), ref])).status, 0);
    const project = testdir({ "README.md": "mine\n" });
    const installed = await runAgentc(["install", ref, "--project", project, "--yes"]);
    assert.equal(installed.status, 0, installed.stderr);
    const local = testdir({ "README.md": "mine\n" });
    assert.equal((await runAgentc(["install", makeBuildDir(v1), "--project", local, "--yes"])).status, 0);
    assert.deepEqual(snapshot(project, withoutAgentc), snapshot(local, withoutAgentc));
    const source = record(project).source;
    assert.equal(source.kind, "oci");
    assert.equal(source.url, ref);
    assert.match(source.digest, /^sha256:[0-9a-f]{64}$/);
    const pinned = testdir();
    const byDigest = await runAgentc([
      "install",
      `oci://${registry.host}/acme/agent-config@${source.digest}`,
      "--project",
      pinned,
      "--yes",
    ]);
    assert.equal(byDigest.status, 0, byDigest.stderr);
    assert.equal(record(pinned).source.digest, source.digest);
    assert.equal((await runAgentc(["update", "--project", project, "--check"])).status, 0);
    assert.equal((await runAgentc(["publish", makeBuildDir(v2), ref])).status, 0);
    const check = await runAgentc(["update", "--project", project, "--check"]);
    assert.equal(check.status, 1);
    assert.match(check.stdout, /update available: 1\.0\.0 → 1\.1\.0 from oci:\/\//);
    assert.equal(
      (await runAgentc(["update", "--project", pinned, "--check"])).status,
      0,
      "a digest reference never moves",
    );
    const update = await runAgentc(["update", "--project", project]);
    assert.equal(update.status, 0, update.stderr);
    assert.equal(readFileSync(join(project, "AGENTS.md"), "utf8"), "# Rules v2\n");
    assert.notEqual(record(project).source.digest, source.digest, "the record pins the new digest");
    const missing = await runAgentc([
      "install",
      `oci://${registry.host}/acme/agent-config:nope`,
      "--project",
      testdir(),
    ]);
    assert.equal(missing.status, 1);
    assert.match(missing.stderr, /the registry has no manifest nope/);
  });

  it("fails before unpacking, leaving the project unchanged, when the registry answers 500, names a wrong digest or sends a damaged blob", async () => {
    const registry = await startRegistry();
    assert.equal(
      (await runAgentc(["publish", makeBuildDir(v1), `oci://${registry.host}/acme/agent-config:1`])).status,
      0,
    );
    const proxy = await faultyProxy(registry.host);
    const project = testdir({ "README.md": "mine\n" });
    const before = snapshot(project);
    const cases: [typeof proxy.fault, RegExp][] = [
      ["manifest-500", /answered HTTP 500 UNKNOWN: injected for the manifest 1/],
      ["blob-500", /answered HTTP 500/],
      [
        "wrong-digest",
        /sent a manifest with digest sha256:[0-9a-f]{64}, but sha256:0{64} was named; nothing was installed/,
      ],
      ["truncated-blob", /truncated|closed early/],
      ["corrupt-blob", /has sha256 [0-9a-f]{64}, but [0-9a-f]{64} was expected; nothing was unpacked/],
    ];
    for (const [fault, message] of cases) {
      proxy.fault = fault;
      const temp = testdir();
      const result = await runCliAsync(
        ["install", `oci://${proxy.host}/acme/agent-config:1`, "--project", project, "--yes"],
        { TMPDIR: temp },
      );
      assert.equal(result.status, 1, `${fault}: ${result.stderr}`);
      assert.match(result.stderr, message, fault);
      assert.doesNotMatch(result.stderr, /\n\s+at /);
      assert.deepEqual(snapshot(project), before, fault);
      assert.deepEqual(readdirSync(temp), [], `${fault}: nothing left in the temporary folder`);
    }
    proxy.fault = "none";
    assert.equal(
      (await runAgentc(["install", `oci://${proxy.host}/acme/agent-config:1`, "--project", project, "--yes"]))
        .status,
      0,
    );
  });

  it("refuses an artifact that is not an agentc bundle, and a reference it cannot read", async () => {
    const registry = await startRegistry();
    const client = new RegistryClient(parseOciReference(`oci://${registry.host}/acme/other:1`));
    const config = Buffer.from("{}");
    const configDigest = `sha256:${sha256(config)}`;
    await client.pushBlob(
      { mediaType: "application/vnd.oci.empty.v1+json", digest: configDigest, size: 2 },
      config,
    );
    const other = {
      schemaVersion: 2,
      mediaType: "application/vnd.oci.image.manifest.v1+json",
      artifactType: "application/vnd.example.thing",
      config: { mediaType: "application/vnd.oci.empty.v1+json", digest: configDigest, size: 2 },
      layers: [],
    };
    await client.putManifest("1", Buffer.from(JSON.stringify(other)));
    const result = await runAgentc([
      "install",
      `oci://${registry.host}/acme/other:1`,
      "--project",
      testdir(),
    ]);
    assert.equal(result.status, 1);
    assert.match(
      result.stderr,
      /is not an agentc bundle: its artifact type is application\/vnd\.example\.thing/,
    );
    for (const bad of [
      "oci://",
      "oci://host",
      "oci://host/Upper:1",
      "oci://host/repo",
      "oci://host/repo@sha256:abc",
    ]) {
      const parsed = await runAgentc(["install", bad, "--project", testdir()]);
      assert.equal(parsed.status, 1, bad);
      assert.match(parsed.stderr, /hint: write oci:\/\/HOST\/REPOSITORY:TAG/, bad);
    }
    assert.equal(
      (
        await runAgentc([
          "publish",
          makeBuildDir(v1),
          `oci://${registry.host}/acme/x@sha256:${"0".repeat(64)}`,
        ])
      ).status,
      1,
    );
    assert.equal((await runAgentc(["publish", makeBuildDir(v1), "https://example.com/x"])).status, 2);
  });

  it("answers the registry's token challenge with credentials from the Docker config file or the environment", async () => {
    const tokens = await startTokenService("ci-bot", "s3cret");
    const registry = await startRegistry(tokens);
    const ref = `oci://${registry.host}/acme/private:1`;
    const anonymous = await runAgentc(["publish", makeBuildDir(v1), ref]);
    assert.equal(anonymous.status, 1);
    assert.match(
      anonymous.stderr,
      /token service answered HTTP 401[\s\S]*hint: log in with 'docker login HOST'/,
    );
    const docker = testdir();
    writeFileSync(
      join(docker, "config.json"),
      JSON.stringify({
        auths: { [registry.host]: { auth: Buffer.from("ci-bot:s3cret").toString("base64") } },
      }),
    );
    const published = await runCliAsync(["publish", makeBuildDir(v1), ref], { DOCKER_CONFIG: docker });
    assert.equal(published.status, 0, published.stderr);
    const project = testdir();
    const installed = await runCliAsync(["install", ref, "--project", project, "--yes"], {
      DOCKER_CONFIG: testdir(),
      AGENTC_OCI_USERNAME: "ci-bot",
      AGENTC_OCI_PASSWORD: "s3cret",
    });
    assert.equal(installed.status, 0, installed.stderr);
    assert.equal(readFileSync(join(project, "AGENTS.md"), "utf8"), "# Rules v1\n");
    assert.ok(tokens.requests >= 3);
    const wrong = await runCliAsync(["install", ref, "--project", testdir()], {
      DOCKER_CONFIG: testdir(),
      AGENTC_OCI_USERNAME: "ci-bot",
      AGENTC_OCI_PASSWORD: "nope",
    });
    assert.equal(wrong.status, 1);
    assert.match(wrong.stderr, /token service answered HTTP 401/);
  });
});
