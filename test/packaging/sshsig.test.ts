import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";
import { parseSignerText } from "../../src/packaging/signature/signer-file.js";
import { sshString } from "../../src/packaging/signature/ssh-wire.js";
import { verifySshSignature } from "../../src/packaging/signature/sshsig.js";
import { AgentcError } from "../../src/shared/agentc-error.js";
import { makeKey, sshSign } from "../support/ssh-keys.js";

const message = Buffer.from('{"version": 1, "artifacts": []}\n');

/** An armored SSHSIG around a blob, as ssh-keygen armors it (76 characters a line). */
function armor(blob: Buffer): Buffer {
  const lines = blob.toString("base64").match(/.{1,76}/g) ?? [];
  return Buffer.from(`-----BEGIN SSH SIGNATURE-----\n${lines.join("\n")}\n-----END SSH SIGNATURE-----\n`);
}

function unarmor(signature: Buffer): Buffer {
  return Buffer.from(signature.toString().replace(/-----[^-]+-----|\s/g, ""), "base64");
}

describe("SSH signatures (PROTOCOL.sshsig) made by the real ssh-keygen, verified by agentc", () => {
  const cases = [
    { type: "ed25519" as const },
    { type: "ecdsa" as const, bits: 256 },
    { type: "ecdsa" as const, bits: 384 },
    { type: "ecdsa" as const, bits: 521 },
    { type: "rsa" as const, bits: 2048 },
    { type: "rsa" as const, bits: 3072, hashalg: "sha256" },
  ];
  for (const c of cases)
    it(`accepts ${c.type}${c.bits ? ` ${c.bits}` : ""}${c.hashalg ? ` (${c.hashalg})` : ""} and names its key as ssh-keygen does; refuses it for other bytes`, () => {
      const key = makeKey(c.type, c.bits);
      const signature = sshSign(key, message, "agentc-bundle", c.hashalg);
      const check = verifySshSignature(signature, message);
      assert.equal(check.ok, true, check.ok ? "" : check.problem);
      if (!check.ok) return;
      assert.equal(check.signer.fingerprint, key.fingerprint);
      assert.equal(check.signer.text, key.text);
      const other = verifySshSignature(signature, Buffer.from(`${message.toString()} `));
      assert.equal(other.ok, false);
      if (!other.ok)
        assert.match(
          other.problem,
          new RegExp(`by ${key.fingerprint.replace(/[+/]/g, "\\$&")} does not match`),
        );
    });

  it("refuses a signature made for another namespace (git's, say)", () => {
    const key = makeKey();
    const check = verifySshSignature(sshSign(key, message, "git"), message);
    assert.deepEqual(check, { ok: false, problem: 'was made for "git", not for "agentc-bundle"' });
  });

  it("refuses damaged, truncated, unarmored, oversized and over-long signatures with what is wrong", () => {
    const good = sshSign(makeKey(), message);
    const blob = unarmor(good);
    const flipped = Buffer.from(blob);
    flipped[flipped.length - 10] = (flipped[flipped.length - 10] ?? 0) ^ 1;
    const problems = [
      [armor(flipped), /does not match/],
      [
        armor(blob.subarray(0, blob.length - 20)),
        /is damaged: the signature ends inside its signature \(truncated or damaged\)/,
      ],
      [armor(Buffer.concat([blob, Buffer.from([0])])), /has 1 bytes after its last field/],
      [Buffer.from("not a signature\n"), /does not start with "-----BEGIN SSH SIGNATURE-----"/],
      [Buffer.from(good.toString().replace("-----END SSH SIGNATURE-----", "")), /does not end with/],
      [Buffer.from(good.toString().replace(/\n[A-Za-z]/, "\n!")), /is not base64/],
      [Buffer.concat([good, Buffer.alloc(20_000, 32)]), /more than a signature holds/],
    ] as const;
    for (const [bytes, pattern] of problems) {
      const check = verifySshSignature(bytes, message);
      assert.equal(check.ok, false, String(pattern));
      if (!check.ok) assert.match(check.problem, pattern);
    }
    const crlf = Buffer.from(good.toString().replace(/\n/g, "\r\n"));
    assert.equal(
      verifySshSignature(crlf, message).ok,
      true,
      "a signature file with CRLF line ends still reads",
    );
  });

  it("refuses a version it does not know and a key type it does not verify (security keys)", () => {
    const blob = unarmor(sshSign(makeKey(), message));
    const v2 = Buffer.from(blob);
    v2.writeUInt32BE(2, 6);
    const v2check = verifySshSignature(armor(v2), message);
    assert.deepEqual(v2check, { ok: false, problem: "is an SSH signature of version 2; agentc reads 1" });
    const skKey = Buffer.concat([
      sshString("sk-ssh-ed25519@openssh.com"),
      sshString(Buffer.alloc(32, 1)),
      sshString("ssh:"),
    ]);
    const sk = Buffer.concat([
      Buffer.from("SSHSIG"),
      Buffer.from([0, 0, 0, 1]),
      ...[skKey, "agentc-bundle", "", "sha512", Buffer.alloc(70)].map((f) => sshString(f)),
    ]);
    const check = verifySshSignature(armor(sk), message);
    assert.equal(check.ok, false);
    if (!check.ok) assert.match(check.problem, /"sk-ssh-ed25519@openssh\.com", which agentc does not verify/);
  });
});

describe("--signer files: a .pub file or an OpenSSH allowed_signers file", () => {
  it("reads every key of a .pub file and of an allowed_signers file, honouring namespaces", () => {
    const a = makeKey();
    const b = makeKey("ecdsa", 256);
    const c = makeKey("rsa", 2048);
    assert.deepEqual(
      parseSignerText(readFileSync(a.pub, "utf8"), "a.pub").keys.map((k) => k.fingerprint),
      [a.fingerprint],
    );
    const allowed = [
      "# the team's keys",
      "",
      `alice@example.com ${a.text} laptop`,
      `bob@example.com,ci@example.com namespaces="git,agentc-bundle" ${b.text}`,
      `carol@example.com namespaces="git" ${c.text}`,
      `dave@example.com namespaces="!agentc-bundle,*" ${c.text}`,
      `erin@example.com namespaces="agentc-*" ${a.text}`,
    ].join("\r\n");
    const keys = parseSignerText(allowed, "allowed_signers").keys.map((k) => k.fingerprint);
    assert.deepEqual(keys, [a.fingerprint, b.fingerprint], "carol's and dave's keys may not sign bundles");
  });

  it("refuses what it cannot honour, naming file:line:column and what to write", () => {
    const a = makeKey();
    const cases: [string, RegExp][] = [
      [`\n  alice cert-authority ${a.text}`, /^t:2:9: the option cert-authority is not one agentc honours/],
      [`alice valid-after="20240101" ${a.text}`, /^t:1:7: the option valid-after is not one agentc honours/],
      [readFileSync(a.file, "utf8"), /^t:1:1: this is a private key$/],
      ["ssh-ed25519\n", /^t:1:1: expected a key type and a key/],
      ["alice bob carol\n", /^t:1:11: expected a key type and a key/],
      ["ssh-ed25519 AAAA!!\n", /^t:1:1: the key is not base64 after its type ssh-ed25519/],
      [`ssh-rsa ${a.text.split(" ")[1]}\n`, /^t:1:1: the key says ssh-rsa, but its key is ssh-ed25519/],
      ["# nothing\n\n", /^t names no key that may sign agentc bundles$/],
      [`alice namespaces="git" ${a.text}\n`, /^t names no key that may sign agentc bundles$/],
    ];
    for (const [text, pattern] of cases)
      assert.throws(
        () => parseSignerText(text, "t"),
        (error: unknown) =>
          error instanceof AgentcError &&
          error.code === "signature" &&
          pattern.test(error.message) &&
          error.hint.length > 0,
        String(pattern),
      );
  });
});
