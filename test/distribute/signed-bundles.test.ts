import assert from "node:assert/strict";
import { cpSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { after, describe, it } from "node:test";
import { snapshot } from "../support/install-fixture.js";
import { freePort, startServe } from "../support/serve-process.js";
import { cli, literal, makeKey, type SshKey, signedBuild } from "../support/ssh-keys.js";
import { testdir } from "../support/testdir.js";
import { type BuildFixture, makeBuildDir } from "../support/zip-fixtures.js";

const v1: BuildFixture = { files: { "AGENTS.md": "# Rules v1\n", "docs/a.md": "a\n" }, version: "1.0.0" };
const v2: BuildFixture = { ...v1, files: { ...v1.files, "AGENTS.md": "# Rules v2\n" }, version: "1.1.0" };
const v3: BuildFixture = { ...v1, files: { ...v1.files, "AGENTS.md": "# Rules v3\n" }, version: "1.2.0" };
const v4: BuildFixture = { ...v1, files: { ...v1.files, "AGENTS.md": "# Rules v4\n" }, version: "1.3.0" };

const record = (project: string) =>
  JSON.parse(readFileSync(join(project, ".agentc", "installed.json"), "utf8"));

/** bundle.zip (and .sig when a key is given) packed by the CLI. */
async function signedZip(fixture: BuildFixture, key?: SshKey): Promise<string> {
  const build = makeBuildDir(fixture);
  const packed = await cli(["pack", build, ...(key ? ["--sign", key.file] : [])]);
  assert.equal(packed.status, 0, packed.stderr);
  return join(dirname(build), "bundle.zip");
}

const install = (source: string, project: string, ...flags: string[]) =>
  cli(["install", source, "--project", project, "--yes", ...flags]);

describe("signed bundles: install records the signer, and only its key's bundles follow", () => {
  it("a zip with <zip>.sig and a build folder with manifest.json.sig record the key ssh-keygen names", async () => {
    const team = makeKey();
    const fromZip = testdir();
    const zipped = await install(await signedZip(v1, team), fromZip);
    assert.equal(zipped.status, 0, zipped.stderr);
    assert.match(
      zipped.stdout,
      new RegExp(`signature: good, by ${literal(team.fingerprint)} \\(ED25519\\); this key is recorded`),
    );
    assert.deepEqual(record(fromZip).signer, { key: team.text, fingerprint: team.fingerprint });
    assert.deepEqual(Object.keys(record(fromZip)).slice(0, 5), [
      "version",
      "registry_version",
      "manifest_sha256",
      "signer",
      "components",
    ]);
    const fromFolder = testdir();
    const folder = await install(signedBuild(v1, team), fromFolder);
    assert.equal(folder.status, 0, folder.stderr);
    assert.deepEqual(record(fromFolder), record(fromZip), "the same record from the folder and the zip");
    const again = await install(signedBuild(v1, team), fromFolder);
    assert.match(again.stdout, /the recorded signer\n[\s\S]*nothing to do/);
  });

  it("refuses a bundle whose signature is of another build, first install or not, writing nothing", async () => {
    const team = makeKey("rsa", 2048);
    const zip = await signedZip(v2, team);
    writeFileSync(`${zip}.sig`, readFileSync(`${await signedZip(v1, team)}.sig`));
    const project = testdir({ "mine.txt": "mine\n" });
    const before = snapshot(project);
    const refused = await install(zip, project);
    assert.equal(refused.status, 1);
    assert.match(
      refused.stderr,
      new RegExp(
        `error: the signature .*bundle\\.zip\\.sig by ${literal(team.fingerprint)} does not match: .*; nothing was written\\n  hint: do not install this bundle`,
      ),
    );
    assert.deepEqual(snapshot(project), before);
    writeFileSync(`${zip}.sig`, "-----BEGIN SSH SIGNATURE-----\nAAAA\n-----END SSH SIGNATURE-----\n");
    const damaged = await install(zip, project);
    assert.equal(damaged.status, 1);
    assert.match(damaged.stderr, /bundle\.zip\.sig is damaged: the signature does not start with "SSHSIG"/);
    assert.deepEqual(snapshot(project), before);
  });

  it("after a signed install: another key's bundle and an unsigned one are refused until --signer or --allow-unsigned", async () => {
    const team = makeKey();
    const rogue = makeKey("ecdsa", 384);
    const project = testdir();
    assert.equal((await install(signedBuild(v1, team), project)).status, 0);
    const installed = snapshot(project);
    const foreign = await install(signedBuild(v2, rogue), project);
    assert.equal(foreign.status, 1);
    assert.match(
      foreign.stderr,
      new RegExp(
        `the bundle is signed by ${literal(rogue.fingerprint)}, not by ${literal(team.fingerprint)}, the signer recorded in \\.agentc/installed\\.json; nothing was written\\n  hint: if the team changed its signing key, .* --signer NEW\\.pub`,
      ),
    );
    const unsigned = await install(signedBuild(v2), project);
    assert.equal(unsigned.status, 1);
    assert.match(
      unsigned.stderr,
      new RegExp(
        `the bundle is not signed \\(no file .*manifest\\.json\\.sig\\), but this project's bundles are signed by ${literal(team.fingerprint)} .*\\n  hint: .*--allow-unsigned`,
      ),
    );
    assert.deepEqual(snapshot(project), installed, "nothing was written by either");

    const dry = await install(signedBuild(v2, rogue), project, "--signer", rogue.pub, "--dry-run");
    assert.equal(dry.status, 0, dry.stderr);
    assert.match(
      dry.stdout,
      new RegExp(
        `signature: good, by ${literal(rogue.fingerprint)} \\(ECDSA\\); it would be recorded in place of ${literal(team.fingerprint)} \\(--signer\\)`,
      ),
    );
    assert.deepEqual(snapshot(project), installed);
    const retrusted = await install(signedBuild(v2, rogue), project, "--signer", rogue.pub);
    assert.equal(retrusted.status, 0, retrusted.stderr);
    assert.equal(record(project).signer.fingerprint, rogue.fingerprint);
    assert.equal(record(project).registry_version, "1.1.0");

    const dropped = await install(signedBuild(v3), project, "--allow-unsigned");
    assert.equal(dropped.status, 0, dropped.stderr);
    assert.match(
      dropped.stdout,
      new RegExp(
        `signature: none \\(no file .*\\); the recorded signer ${literal(rogue.fingerprint)} is dropped \\(--allow-unsigned\\)`,
      ),
    );
    assert.equal(record(project).signer, undefined);
    const next = await install(signedBuild(v4, team), project);
    assert.equal(next.status, 0, next.stderr);
    assert.equal(record(project).signer.fingerprint, team.fingerprint, "trusted on first use again");
  });

  it("--require-signature and --signer on a first install; an allowed_signers file; bad options before any download", async () => {
    const team = makeKey();
    const other = makeKey();
    const project = testdir();
    const unsigned = await install(signedBuild(v1), project, "--require-signature");
    assert.equal(unsigned.status, 1);
    assert.match(
      unsigned.stderr,
      /the bundle is not signed \(no file .*\), but --require-signature asks for one; nothing was written/,
    );
    const wrong = await install(signedBuild(v1, team), project, "--signer", other.pub);
    assert.equal(wrong.status, 1);
    assert.match(
      wrong.stderr,
      new RegExp(`signed by ${literal(team.fingerprint)}, which is not a key in ${literal(other.pub)}`),
    );
    assert.deepEqual(snapshot(project), {});
    const allowed = join(testdir(), "allowed_signers");
    writeFileSync(
      allowed,
      `ops@example.com ${other.text}\nci@example.com namespaces="agentc-bundle" ${team.text}\n`,
    );
    const ok = await install(signedBuild(v1, team), project, "--signer", allowed);
    assert.equal(ok.status, 0, ok.stderr);
    assert.equal(record(project).signer.fingerprint, team.fingerprint);

    const badFile = join(testdir(), "team.pub");
    writeFileSync(badFile, "ssh-ed25519 not-base64!\n");
    const bad = await cli([
      "install",
      "https://nowhere.invalid/bundle.zip",
      "--project",
      project,
      "--signer",
      badFile,
    ]);
    assert.equal(bad.status, 2);
    assert.match(
      bad.stderr,
      /^agentc install: .*team\.pub:1:1: the key is not base64 after its type ssh-ed25519\n {2}hint: give a public key file/,
    );
    const both = await cli(["install", "x", "--project", project, "--signer", team.pub, "--allow-unsigned"]);
    assert.equal(both.status, 2);
    assert.match(both.stderr, /--allow-unsigned takes away what --signer and --require-signature ask for/);
  });

  it("refuses a record whose signer was edited by hand", async () => {
    const team = makeKey();
    const project = testdir();
    assert.equal((await install(signedBuild(v1, team), project)).status, 0);
    const file = join(project, ".agentc", "installed.json");
    writeFileSync(file, readFileSync(file, "utf8").replace(team.fingerprint, makeKey().fingerprint));
    const edited = await install(signedBuild(v1, team), project);
    assert.equal(edited.status, 1);
    assert.match(
      edited.stderr,
      /\.agentc\/installed\.json: has a "signer" that has the fingerprint SHA256:.*, but its key's is SHA256:/,
    );
  });
});

describe("signed bundles over HTTP: agentc serve, a bundle URL, agentc update", () => {
  /** A folder of releases served at a fixed port; publish() adds one and restarts the server there. */
  async function releases(first: { fixture: BuildFixture; key?: SshKey }) {
    const dir = testdir();
    const add = (f: BuildFixture, key?: SshKey) =>
      cpSync(signedBuild(f, key), join(dir, f.version ?? "x"), { recursive: true });
    add(first.fixture, first.key);
    const port = await freePort();
    let server = await startServe([dir], {}, port);
    after(() => server.stop());
    return {
      url: server.url,
      /** what the server said on starting, once it has said all of it */
      async said() {
        while (!server.stderr().includes("press Ctrl-C")) await new Promise((r) => setTimeout(r, 20));
        return server.stderr();
      },
      async publish(f: BuildFixture, key?: SshKey) {
        add(f, key);
        await server.stop();
        server = await startServe([dir], {}, port);
      },
      stop: () => server.stop(),
    };
  }

  it("serves the signature, and update follows the recorded key: refused for another key or none, then re-trusted", async () => {
    const team = makeKey();
    const rotated = makeKey("ed25519");
    const served = await releases({ fixture: v1, key: team });
    assert.match(
      await served.said(),
      new RegExp(
        `version 1\\.0\\.0 \\(latest\\), bundle sha256 [0-9a-f]{64}, signed by ${literal(team.fingerprint)}`,
      ),
    );
    const index = await (await fetch(`${served.url}index.json`)).json();
    const sig = await fetch(`${served.url}${index.versions[0].bundle}.sig`);
    assert.equal(sig.status, 200);
    assert.equal(sig.headers.get("content-type"), "text/plain; charset=utf-8");
    assert.match(await sig.text(), /^-----BEGIN SSH SIGNATURE-----\n/);
    assert.equal((await fetch(`${served.url}bundle.zip.sig`)).status, 200);
    assert.equal((await fetch(`${served.url}v/1.0.0/manifest.json.sig`)).status, 200);

    const project = testdir();
    const first = await install(served.url, project);
    assert.equal(first.status, 0, first.stderr);
    assert.equal(record(project).signer.fingerprint, team.fingerprint);
    assert.equal(record(project).source.kind, "serve");

    await served.publish(v2, team);
    const same = await cli(["update", "--project", project]);
    assert.equal(same.status, 0, same.stderr);
    assert.match(same.stdout, /updating 1\.0\.0 → 1\.1\.0[\s\S]*the recorded signer/);

    await served.publish(v3, rotated);
    const before = snapshot(project);
    const refused = await cli(["update", "--project", project]);
    assert.equal(refused.status, 1);
    assert.match(
      refused.stderr,
      new RegExp(`signed by ${literal(rotated.fingerprint)}, not by ${literal(team.fingerprint)}`),
    );
    assert.deepEqual(snapshot(project), before);
    const retrust = await cli(["update", "--project", project, "--signer", rotated.pub]);
    assert.equal(retrust.status, 0, retrust.stderr);
    assert.equal(record(project).signer.fingerprint, rotated.fingerprint);

    await served.publish(v4);
    const gone = await cli(["update", "--project", project]);
    assert.equal(gone.status, 1);
    assert.match(
      gone.stderr,
      /the bundle is not signed \(.*bundles\/[0-9a-f]{64}\.zip\.sig answered HTTP 404\)/,
    );
    const allowed = await cli(["update", "--project", project, "--allow-unsigned"]);
    assert.equal(allowed.status, 0, allowed.stderr);
    assert.equal(record(project).signer, undefined);
    assert.equal(record(project).registry_version, "1.3.0");
    await served.stop();
  });

  it("a bundle URL is verified against <url>.sig; a server refuses to start with a signature of another build", async () => {
    const team = makeKey();
    const served = await releases({ fixture: v1, key: team });
    const project = testdir();
    const viaUrl = await install(`${served.url}bundle.zip`, project, "--signer", team.pub);
    assert.equal(viaUrl.status, 0, viaUrl.stderr);
    assert.deepEqual(record(project).signer, { key: team.text, fingerprint: team.fingerprint });
    await served.stop();

    const stale = signedBuild(v2, team);
    const rebuilt = makeBuildDir(v3);
    cpSync(join(stale, "manifest.json.sig"), join(rebuilt, "manifest.json.sig"));
    const refused = await cli(["serve", rebuilt, "--port", "0"]);
    assert.equal(refused.status, 1);
    assert.match(
      refused.stderr,
      /manifest\.json\.sig by SHA256:.* does not match[\s\S]*hint: sign this build again/,
    );
    rmSync(join(rebuilt, "manifest.json.sig"));
  });
});
