import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, it } from "node:test";
import { runCliProcess } from "../support/run-cli.js";
import { cli, makeKey, sshVerifies } from "../support/ssh-keys.js";
import { testdir } from "../support/testdir.js";
import { makeBuildDir } from "../support/zip-fixtures.js";

const fixture = {
  files: { "AGENTS.md": "# Rules\n", "bin/run.sh": "#!/bin/sh\n" },
  executables: ["bin/run.sh"],
};

/** manifest.json as the zip holds it, read by Info-ZIP's unzip (not by agentc). */
function zippedManifest(zip: string): Buffer {
  const run = spawnSync("unzip", ["-p", zip, "manifest.json"]);
  assert.equal(run.status, 0, run.stderr?.toString());
  return run.stdout;
}

describe("agentc pack --sign: the team's SSH signature of manifest.json beside the zip", () => {
  it("writes <zip>.sig that ssh-keygen -Y verify accepts for the zip's manifest.json, the same bytes every time (Ed25519)", async () => {
    const build = makeBuildDir(fixture);
    const key = makeKey();
    const packed = await cli(["pack", build, "--sign", key.file]);
    assert.equal(packed.status, 0, packed.stderr);
    const zip = join(dirname(build), "bundle.zip");
    assert.match(
      packed.stdout,
      new RegExp(`signed by ${key.fingerprint.replace(/[+/]/g, "\\$&")}  written to .*bundle\\.zip\\.sig`),
    );
    const signature = readFileSync(`${zip}.sig`);
    assert.equal(
      sshVerifies(key, signature, zippedManifest(zip)),
      true,
      "OpenSSH accepts agentc's signature file",
    );
    assert.equal(sshVerifies(key, signature, readFileSync(join(build, "manifest.json"))), true);
    assert.equal(sshVerifies(makeKey(), signature, zippedManifest(zip)), false, "and only for its own key");
    const again = await cli(["pack", build, "--sign", key.file, "--format", "json"]);
    assert.equal(again.status, 0, again.stderr);
    assert.deepEqual(readFileSync(`${zip}.sig`), signature, "Ed25519 signatures are deterministic");
    const json = JSON.parse(again.stdout);
    assert.equal(json.signer, key.fingerprint);
    assert.equal(json.signatureFile, `${zip}.sig`);
  });

  it("keeps a .sig that still signs the build when packing without --sign, and removes one that does not", async () => {
    const build = makeBuildDir(fixture);
    const key = makeKey("ecdsa", 256);
    const zip = join(dirname(build), "bundle.zip");
    assert.equal((await cli(["pack", build, "--sign", key.file])).status, 0);
    const signature = readFileSync(`${zip}.sig`);
    const same = await cli(["pack", build]);
    assert.equal(same.status, 0, same.stderr);
    assert.deepEqual(readFileSync(`${zip}.sig`), signature);
    assert.match(same.stdout, /signed by SHA256:/);
    writeFileSync(join(build, "AGENTS.md"), "# Rules, edited\n");
    const manifest = readFileSync(join(build, "manifest.json"), "utf8");
    writeFileSync(
      join(build, "manifest.json"),
      manifest.replace(/AGENTS\.md :: [0-9a-f]{64}/, `AGENTS.md :: ${sha256("# Rules, edited\n")}`),
    );
    const changed = await cli(["pack", build]);
    assert.equal(changed.status, 0, changed.stderr);
    assert.equal(existsSync(`${zip}.sig`), false);
    assert.match(changed.stdout, /removed .*bundle\.zip\.sig: it signed another build/);
  });

  it("signs with a .pub file whose private key ssh-agent holds", () => {
    const agent = spawnSync("ssh-agent", ["-s"], { encoding: "utf8" });
    assert.equal(agent.status, 0, agent.stderr);
    const sock = /SSH_AUTH_SOCK=([^;]+);/.exec(agent.stdout)?.[1] as string;
    const pid = /SSH_AGENT_PID=(\d+);/.exec(agent.stdout)?.[1] as string;
    try {
      const key = makeKey();
      const added = spawnSync("ssh-add", [key.file], { env: { ...process.env, SSH_AUTH_SOCK: sock } });
      assert.equal(added.status, 0, added.stderr.toString());
      const build = makeBuildDir(fixture);
      const onlyPub = join(testdir(), "team.pub");
      writeFileSync(onlyPub, readFileSync(key.pub));
      const packed = runCliProcess(["pack", build, "--sign", onlyPub], { env: { SSH_AUTH_SOCK: sock } });
      assert.equal(packed.status, 0, packed.stderr);
      const zip = join(dirname(build), "bundle.zip");
      assert.equal(sshVerifies(key, readFileSync(`${zip}.sig`), zippedManifest(zip)), true);
    } finally {
      process.kill(Number(pid));
    }
  });

  it("fails without writing a zip when the key cannot sign, or ssh-keygen is missing", async () => {
    const build = makeBuildDir(fixture);
    const zip = join(dirname(build), "bundle.zip");
    const missing = await cli(["pack", build, "--sign", join(testdir(), "no-such-key")]);
    assert.equal(missing.status, 1);
    assert.match(
      missing.stderr,
      /agentc pack: ssh-keygen could not sign with .*no-such-key: .*\n {2}hint: give a private key file/,
    );
    assert.equal(existsSync(zip), false);
    const noTool = runCliProcess(["pack", build, "--sign", makeKey().file], { env: { PATH: testdir() } });
    assert.equal(noTool.status, 1);
    assert.match(
      noTool.stderr,
      /signing needs ssh-keygen \(OpenSSH 8\.1 or later\), which is not installed here/,
    );
    assert.equal(existsSync(zip), false);
  });
});

function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}
