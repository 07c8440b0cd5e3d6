import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { AgentcError } from "../../shared/agentc-error.js";
import type { SshPublicKey } from "./ssh-public-key.js";
import { bundleSignatureNamespace, verifySshSignature } from "./sshsig.js";

export interface SignedManifest {
  /** the armored SSH signature, as `ssh-keygen -Y sign` writes it */
  signature: Buffer;
  signer: SshPublicKey;
}

const signTimeoutMs = 5 * 60_000;
const keyHint =
  "give a private key file, or a .pub file whose private half ssh-agent holds (ssh-add); an encrypted key asks for its passphrase on the terminal";

/**
 * Signs a bundle's manifest.json with the team's key through `ssh-keygen -Y sign` (namespace
 * agentc-bundle): OpenSSH reads every key format, asks for a passphrase and talks to ssh-agent, so agentc
 * holds no private key code. The signature is checked by agentc's own verifier before it is used.
 */
export function signManifest(manifest: Buffer, keyFile: string): SignedManifest {
  const work = mkdtempSync(join(tmpdir(), "agentc-sign-"));
  try {
    const message = join(work, "manifest.json");
    writeFileSync(message, manifest, { mode: 0o600 });
    const run = spawnSync(
      "ssh-keygen",
      ["-q", "-Y", "sign", "-f", keyFile, "-n", bundleSignatureNamespace, message],
      { stdio: ["inherit", "pipe", "pipe"], encoding: "utf8", timeout: signTimeoutMs },
    );
    if ((run.error as NodeJS.ErrnoException | undefined)?.code === "ENOENT")
      throw new AgentcError(
        "pack",
        "signing needs ssh-keygen (OpenSSH 8.1 or later), which is not installed here",
        "install OpenSSH's client (apt-get install openssh-client), or leave out --sign",
      );
    if (run.status !== 0)
      throw new AgentcError(
        "pack",
        `ssh-keygen could not sign with ${keyFile}: ${lastLine(run.stderr) || run.error?.message || `exit ${run.status}`}`,
        keyHint,
      );
    const signature = readFileSync(`${message}.sig`);
    const check = verifySshSignature(signature, manifest);
    if (!check.ok)
      throw new AgentcError(
        "pack",
        `the signature ssh-keygen made with ${keyFile} ${check.problem}`,
        "sign with an ssh-ed25519, ecdsa-sha2-nistp256/384/521 or rsa key (security keys, sk-…, are not supported)",
      );
    return { signature, signer: check.signer };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

function lastLine(text: string | undefined): string {
  return (text ?? "").trim().split("\n").pop()?.trim() ?? "";
}
