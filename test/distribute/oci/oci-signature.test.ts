import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, it } from "node:test";
import { parseOciReference } from "../../../src/distribute/oci/oci-reference.js";
import { pushSignature } from "../../../src/distribute/oci/oci-referrers.js";
import { RegistryClient } from "../../../src/distribute/oci/registry-client.js";
import { sha256 } from "../../../src/shared/hash.js";
import { snapshot } from "../../support/install-fixture.js";
import { notLinux } from "../../support/install-sh.js";
import { skopeo, startRegistry } from "../../support/oci-registry.js";
import { cli, makeKey, sshSign, sshVerifies } from "../../support/ssh-keys.js";
import { testdir } from "../../support/testdir.js";
import { type BuildFixture, makeBuildDir } from "../../support/zip-fixtures.js";

const v1: BuildFixture = { files: { "AGENTS.md": "# Rules v1\n" }, version: "1.0.0" };
const v2: BuildFixture = { ...v1, files: { "AGENTS.md": "# Rules v2\n" }, version: "1.1.0" };
const v3: BuildFixture = { ...v1, files: { "AGENTS.md": "# Rules v3\n" }, version: "1.2.0" };

const record = (project: string) =>
  JSON.parse(readFileSync(join(project, ".agentc", "installed.json"), "utf8"));
const raw = (host: string, reference: string) => {
  const read = skopeo("inspect", "--tls-verify=false", "--raw", `docker://${host}/acme/cfg${reference}`);
  assert.equal(read.status, 0, read.stderr);
  return JSON.parse(read.stdout);
};

describe("signed bundles on an OCI registry: the signature is a referrer of the bundle's manifest", {
  skip: notLinux,
}, () => {
  it("publish --sign pushes a referrer that skopeo and curl read back from docker-registry, and ssh-keygen verifies", async () => {
    const registry = await startRegistry();
    const team = makeKey();
    const build = makeBuildDir(v1);
    const published = await cli([
      "publish",
      build,
      `oci://${registry.host}/acme/cfg:1.0.0`,
      "--sign",
      team.file,
      "--format",
      "json",
    ]);
    assert.equal(published.status, 0, published.stderr);
    const { digest, signature } = JSON.parse(published.stdout);
    const tag = `sha256-${digest.slice(7)}`;
    assert.equal(signature.signer, team.fingerprint);
    assert.equal(signature.fallbackTag, tag, "docker-registry (distribution 2.8) keeps no referrers itself");

    const api = await fetch(`http://${registry.host}/v2/acme/cfg/referrers/${digest}`);
    assert.equal(api.status, 404, "the registry has no referrers API, which is why the tag schema is used");
    const index = raw(registry.host, `:${tag}`);
    assert.equal(index.mediaType, "application/vnd.oci.image.index.v1+json");
    assert.deepEqual(index.manifests, [
      {
        mediaType: "application/vnd.oci.image.manifest.v1+json",
        digest: signature.digest,
        size: index.manifests[0].size,
        artifactType: "application/vnd.agentc.signature.v1",
      },
    ]);
    const referrer = raw(registry.host, `@${signature.digest}`);
    assert.equal(referrer.artifactType, "application/vnd.agentc.signature.v1");
    assert.deepEqual(referrer.subject, {
      mediaType: "application/vnd.oci.image.manifest.v1+json",
      digest,
      size: referrer.subject.size,
    });
    assert.equal(
      referrer.subject.size,
      Buffer.byteLength(
        skopeo("inspect", "--tls-verify=false", "--raw", `docker://${registry.host}/acme/cfg:1.0.0`).stdout,
      ),
    );
    assert.equal(referrer.layers[0].mediaType, "application/vnd.agentc.sshsig.v1");

    const copy = join(testdir(), "copy");
    const copied = skopeo(
      "copy",
      "--src-tls-verify=false",
      `docker://${registry.host}/acme/cfg@${signature.digest}`,
      `dir:${copy}`,
    );
    assert.equal(copied.status, 0, copied.stderr);
    const blob = readFileSync(join(copy, referrer.layers[0].digest.slice(7)));
    assert.equal(`sha256:${sha256(blob)}`, referrer.layers[0].digest);
    assert.equal(
      sshVerifies(team, blob, readFileSync(join(build, "manifest.json"))),
      true,
      "OpenSSH accepts the pushed signature",
    );

    const project = testdir();
    const installed = await cli([
      "install",
      `oci://${registry.host}/acme/cfg:1.0.0`,
      "--project",
      project,
      "--yes",
    ]);
    assert.equal(installed.status, 0, installed.stderr);
    assert.match(installed.stdout, /signature: good, by SHA256:.* \(ED25519\); this key is recorded/);
    assert.deepEqual(record(project).signer, { key: team.text, fingerprint: team.fingerprint });
    const pinned = await cli([
      "install",
      `oci://${registry.host}/acme/cfg@${digest}`,
      "--project",
      testdir(),
      "--yes",
      "--signer",
      team.pub,
    ]);
    assert.equal(pinned.status, 0, pinned.stderr);
  });

  it("a second signature joins the first in the referrers index; install takes the one --signer names", async () => {
    const registry = await startRegistry();
    const team = makeKey();
    const next = makeKey("ecdsa", 256);
    const ref = `oci://${registry.host}/acme/cfg:1.0.0`;
    const build = makeBuildDir(v1);
    assert.equal((await cli(["publish", build, ref, "--sign", team.file])).status, 0);
    const second = await cli(["publish", build, ref, "--sign", next.file, "--format", "json"]);
    assert.equal(second.status, 0, second.stderr);
    const { digest } = JSON.parse(second.stdout);
    assert.equal(raw(registry.host, `:sha256-${digest.slice(7)}`).manifests.length, 2);
    for (const key of [team, next]) {
      const project = testdir();
      const result = await cli(["install", ref, "--project", project, "--yes", "--signer", key.pub]);
      assert.equal(result.status, 0, result.stderr);
      assert.equal(record(project).signer.fingerprint, key.fingerprint);
    }
  });

  it("update refuses another key's or no signature until --signer or --allow-unsigned; a forged referrer is refused", async () => {
    const registry = await startRegistry();
    const team = makeKey();
    const rogue = makeKey();
    const ref = `oci://${registry.host}/acme/cfg:stable`;
    assert.equal((await cli(["publish", makeBuildDir(v1), ref, "--sign", team.file])).status, 0);
    const project = testdir();
    assert.equal((await cli(["install", ref, "--project", project, "--yes"])).status, 0);
    const installed = snapshot(project);

    assert.equal((await cli(["publish", makeBuildDir(v2), ref, "--sign", rogue.file])).status, 0);
    const foreign = await cli(["update", "--project", project]);
    assert.equal(foreign.status, 1);
    assert.match(
      foreign.stderr,
      /the bundle is signed by SHA256:.*, not by SHA256:.*, the signer recorded in \.agentc\/installed\.json/,
    );
    assert.deepEqual(snapshot(project), installed);

    const v3build = makeBuildDir(v3);
    const unsigned = await cli(["publish", v3build, ref, "--format", "json"]);
    assert.equal(unsigned.status, 0, unsigned.stderr);
    const gone = await cli(["update", "--project", project]);
    assert.equal(gone.status, 1);
    assert.match(
      gone.stderr,
      /the bundle is not signed \(no referrer of type application\/vnd\.agentc\.signature\.v1 of oci:\/\/.*\/acme\/cfg@sha256:[0-9a-f]{64}\)/,
    );
    assert.deepEqual(snapshot(project), installed);

    // someone with push rights lists a signature of another manifest as this bundle's referrer
    const { digest } = JSON.parse(unsigned.stdout);
    const client = new RegistryClient(parseOciReference(ref));
    const pulled = await client.manifest(digest);
    const forged = sshSign(team, readFileSync(join(makeBuildDir(v2), "manifest.json")));
    await pushSignature(
      client,
      { mediaType: "application/vnd.oci.image.manifest.v1+json", digest, size: pulled.bytes.length },
      forged,
      team.fingerprint,
    );
    const refused = await cli(["update", "--project", project, "--allow-unsigned"]);
    assert.equal(refused.status, 1);
    assert.match(
      refused.stderr,
      /the signature oci:\/\/.*\/acme\/cfg@sha256:[0-9a-f]{64} by SHA256:.* does not match/,
    );
    assert.deepEqual(snapshot(project), installed);
  });

  it("publish carries <zip>.sig from pack --sign, and refuses, pushing nothing, a .sig of another build", async () => {
    const registry = await startRegistry();
    const team = makeKey();
    const build = makeBuildDir(v1);
    assert.equal((await cli(["pack", build, "--sign", team.file])).status, 0);
    const zip = join(dirname(build), "bundle.zip");
    const carried = await cli(["publish", zip, `oci://${registry.host}/acme/cfg:packed`]);
    assert.equal(carried.status, 0, carried.stderr);
    assert.match(
      carried.stdout,
      /signed by SHA256:.*\(referrer sha256:[0-9a-f]{64}; listed under the tag sha256-[0-9a-f]{64}, as the registry has no referrers API\)/,
    );
    const project = testdir();
    assert.equal(
      (
        await cli([
          "install",
          `oci://${registry.host}/acme/cfg:packed`,
          "--project",
          project,
          "--yes",
          "--signer",
          team.pub,
        ])
      ).status,
      0,
    );

    const other = makeBuildDir(v2);
    assert.equal((await cli(["pack", other, "--sign", team.file])).status, 0);
    writeFileSync(`${zip}.sig`, readFileSync(join(dirname(other), "bundle.zip.sig")));
    const stale = await cli(["publish", zip, `oci://${registry.host}/acme/cfg:stale`]);
    assert.equal(stale.status, 1);
    assert.match(
      stale.stderr,
      /the signature .*bundle\.zip\.sig by SHA256:.* does not match: .*; nothing was published/,
    );
    const none = skopeo("inspect", "--tls-verify=false", "--raw", `docker://${registry.host}/acme/cfg:stale`);
    assert.notEqual(none.status, 0, "the tag was never pushed");
  });
});
