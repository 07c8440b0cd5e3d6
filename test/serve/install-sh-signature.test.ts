import assert from "node:assert/strict";
import { cpSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { copyOf } from "../support/install-fixture.js";
import {
  binary,
  fullTree,
  notLinux,
  runInstallSh,
  runScript,
  type Shell,
  served,
  shellSlice,
  shells,
} from "../support/install-sh.js";
import { runAgentc } from "../support/run-cli.js";
import { serveInProcess } from "../support/serve-process.js";
import { literal, makeKey, signedBuild } from "../support/ssh-keys.js";
import { testdir } from "../support/testdir.js";
import type { BuildFixture } from "../support/zip-fixtures.js";

const v1: BuildFixture = { files: { "AGENTS.md": "# Rules v1\n", "docs/a.md": "a\n" }, version: "1.0.0" };
const v2: BuildFixture = { ...v1, files: { ...v1.files, "AGENTS.md": "# Rules v2\n" }, version: "1.1.0" };

const record = (project: string) =>
  JSON.parse(readFileSync(join(project, ".agentc", "installed.json"), "utf8"));

/** The shell's PATH with ssh-keygen on it (busybox sh runs with busybox's applets only). */
function withSshKeygen(shell: Shell): NodeJS.ProcessEnv {
  if (!shell.env.PATH) return {};
  const dir = join(testdir(), "openssh");
  mkdirSync(dir);
  symlinkSync(binary("ssh-keygen"), join(dir, "ssh-keygen"));
  return { PATH: `${shell.env.PATH}:${dir}` };
}

describe("install.sh verifies the bundle's signature with ssh-keygen", { skip: notLinux }, () => {
  const slice = shellSlice();
  for (const shell of shells()) {
    const it = slice(shell);
    const env = withSshKeygen(shell);
    const sh = (script: string, args: string[]) => runInstallSh(shell, script, args, env);

    it(`records the signer exactly as agentc install does, and refuses another key's bundle (${shell.name})`, async () => {
      const team = makeKey();
      const site = await served(signedBuild(v1, team));
      const a = testdir({ "README.md": "mine\n" });
      const b = copyOf(a);
      const first = await sh(site.script, ["--project", a]);
      assert.equal(first.status, 0, first.stderr);
      assert.match(first.stdout, new RegExp(`^signature: good, by ${literal(team.fingerprint)}$`, "m"));
      assert.equal((await runAgentc(["install", site.url, "--project", b, "--yes"])).status, 0);
      assert.deepEqual(fullTree(a), fullTree(b), "the same tree and the same record, signer included");
      assert.deepEqual(record(a).signer, { key: team.text, fingerprint: team.fingerprint });
      const again = await sh(site.script, ["--project", a]);
      assert.match(again.stdout, /nothing to do/);

      const rotated = makeKey("ecdsa", 256);
      await site.publish(signedBuild(v2, rotated));
      const before = fullTree(a);
      const refused = await sh(site.script, ["--project", a]);
      assert.equal(refused.status, 1);
      assert.match(
        refused.stderr,
        new RegExp(
          `the bundle is signed by ${literal(rotated.fingerprint)}, not by ${literal(team.fingerprint)}, the signer recorded in \\.agentc/installed\\.json; nothing was written\\n  hint: .*--signer NEW\\.pub`,
        ),
      );
      assert.deepEqual(fullTree(a), before);
      const retrusted = await sh(site.script, ["--project", a, "--signer", rotated.pub]);
      assert.equal(retrusted.status, 0, retrusted.stderr);
      assert.equal(
        (await runAgentc(["install", site.url, "--project", b, "--yes", "--signer", rotated.pub])).status,
        0,
      );
      assert.deepEqual(fullTree(a), fullTree(b));
      assert.equal(record(a).signer.fingerprint, rotated.fingerprint);
    });

    it(`refuses an unsigned bundle after a signed one, and what --signer or --require-signature refuses (${shell.name})`, async () => {
      const team = makeKey();
      const site = await served(signedBuild(v1, team));
      const project = testdir();
      assert.equal((await sh(site.script, ["--project", project])).status, 0);
      await site.publish(signedBuild(v2));
      const before = fullTree(project);
      const unsigned = await sh(site.script, ["--project", project]);
      assert.equal(unsigned.status, 1);
      assert.match(
        unsigned.stderr,
        new RegExp(
          `the bundle is not signed, but this project's bundles are signed by ${literal(team.fingerprint)} \\(the signer in \\.agentc/installed\\.json\\); nothing was written\\n  hint: .*--allow-unsigned`,
        ),
      );
      assert.deepEqual(fullTree(project), before);
      const fresh = testdir();
      const required = await sh(site.script, ["--project", fresh, "--require-signature"]);
      assert.equal(required.status, 1);
      assert.match(required.stderr, /the bundle is not signed, but --require-signature asks for one/);
      const pinned = await sh(site.script, ["--project", fresh, "--signer", team.pub]);
      assert.equal(pinned.status, 1);
      assert.match(pinned.stderr, /the bundle is not signed, but --signer .*\.pub asks for a signature/);
      assert.deepEqual(fullTree(fresh), {});

      await site.publish(signedBuild(v2, team));
      const other = makeKey();
      const wrong = await sh(site.script, ["--project", fresh, "--signer", other.pub]);
      assert.equal(wrong.status, 1);
      assert.match(
        wrong.stderr,
        new RegExp(`the bundle is signed by ${literal(team.fingerprint)}, not by a key in .*\\.pub`),
      );
      const allowed = join(testdir(), "allowed_signers");
      writeFileSync(
        allowed,
        `# ops\nops@example.com namespaces="git" ${other.text}\nci@example.com namespaces="git,agentc-bundle" ${team.text} ci\n`,
      );
      const ok = await sh(site.script, ["--project", fresh, "--signer", allowed]);
      assert.equal(ok.status, 0, ok.stderr);
      assert.equal(record(fresh).signer.fingerprint, team.fingerprint);
      const onlyGit = join(testdir(), "git_signers");
      writeFileSync(onlyGit, `ops@example.com namespaces="git" ${team.text}\n`);
      const none = await sh(site.script, ["--project", testdir(), "--signer", onlyGit]);
      assert.equal(none.status, 2);
      assert.match(none.stderr, /git_signers names no key that may sign agentc bundles/);
      const bad = join(testdir(), "bad.pub");
      writeFileSync(bad, `\nalice cert-authority ${team.text}\n`);
      const badFile = await sh(site.script, ["--project", testdir(), "--signer", bad]);
      assert.equal(badFile.status, 2);
      assert.match(badFile.stderr, /bad\.pub:2:7: the option cert-authority is not one agentc honours/);
    });

    it(`refuses a signature of another build that the server pairs with the manifest (${shell.name})`, async () => {
      const team = makeKey();
      const dir = testdir();
      cpSync(signedBuild(v1, team), join(dir, "1.0.0"), { recursive: true });
      cpSync(signedBuild(v2, team), join(dir, "1.1.0"), { recursive: true });
      const server = await serveInProcess(dir);
      try {
        const script = (await (await fetch(`${server.url}v/1.0.0/install.sh`)).text()).replace(
          "AGENTC_SIGNATURE='v/1.0.0/manifest.json.sig'",
          "AGENTC_SIGNATURE='v/1.1.0/manifest.json.sig'",
        );
        const project = testdir();
        const result = await runScript(shell, script, ["--project", project], env);
        assert.equal(result.status, 1);
        assert.match(
          result.stderr,
          /the signature .*v\/1\.1\.0\/manifest\.json\.sig does not match manifest\.json \(damaged, or of something else\); nothing was written/,
        );
        assert.deepEqual(fullTree(project), {});
      } finally {
        await server.stop();
      }
    });
  }

  it("says in one line what it needs when ssh-keygen is missing (busybox sh with busybox's tools only)", async () => {
    const busybox = shells().find((s) => s.name === "busybox sh") as Shell;
    const site = await served(signedBuild(v1, makeKey()));
    const project = testdir();
    const result = await runInstallSh(busybox, site.script, ["--project", project]);
    assert.equal(result.status, 1);
    assert.match(
      result.stderr,
      /^agentc install\.sh: the bundle is signed, and checking its signature needs ssh-keygen \(OpenSSH 8\.2 or later\), which is not installed; nothing was written\n {2}hint: install it/,
    );
    assert.deepEqual(fullTree(project), {});
  });
});
