import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type CliResult, runAgentc } from "./run-cli.js";
import { testdir } from "./testdir.js";
import { type BuildFixture, makeBuildDir } from "./zip-fixtures.js";

/** A key pair made by the real ssh-keygen, with its public line and fingerprint as ssh-keygen prints them. */
export interface SshKey {
  /** the private key file; `${file}.pub` is the public one */
  file: string;
  pub: string;
  /** "<type> <base64>" */
  text: string;
  fingerprint: string;
}

/** `ssh-keygen <args>`, failing the test when it does. */
export function sshKeygen(args: string[], input?: Buffer | string): { stdout: string; stderr: string } {
  const run = spawnSync("ssh-keygen", args, { input: input ?? "", encoding: "utf8" });
  if (run.status !== 0) throw new Error(`ssh-keygen ${args.join(" ")} failed: ${run.stderr}`);
  return { stdout: run.stdout, stderr: run.stderr };
}

/** A new unencrypted key: `ssh-keygen -t ed25519 | ecdsa -b 256 | rsa -b 3072`. */
export function makeKey(
  type: "ed25519" | "ecdsa" | "rsa" = "ed25519",
  bits?: number,
  dir = testdir(),
): SshKey {
  const file = join(dir, `key-${type}${bits ?? ""}`);
  sshKeygen([
    "-q",
    "-t",
    type,
    ...(bits ? ["-b", String(bits)] : []),
    "-N",
    "",
    "-C",
    `${type}@test`,
    "-f",
    file,
  ]);
  const pub = `${file}.pub`;
  const text = readFileSync(pub, "utf8").trim().split(" ").slice(0, 2).join(" ");
  const fingerprint = sshKeygen(["-l", "-f", pub]).stdout.split(" ")[1] as string;
  return { file, pub, text, fingerprint };
}

/** `ssh-keygen -Y sign` of `message` in `namespace` (default agentc-bundle): the armored signature. */
export function sshSign(
  key: SshKey,
  message: Buffer | string,
  namespace = "agentc-bundle",
  hashalg?: string,
): Buffer {
  const dir = testdir();
  const file = join(dir, "message");
  writeFileSync(file, message);
  sshKeygen([
    "-q",
    "-Y",
    "sign",
    "-f",
    key.file,
    "-n",
    namespace,
    ...(hashalg ? ["-O", `hashalg=${hashalg}`] : []),
    file,
  ]);
  return readFileSync(`${file}.sig`);
}

/** `ssh-keygen -Y verify` of `message` against one key: true when OpenSSH accepts the signature. */
export function sshVerifies(
  key: SshKey,
  signature: Buffer,
  message: Buffer,
  namespace = "agentc-bundle",
): boolean {
  const dir = testdir();
  writeFileSync(join(dir, "allowed"), `signer ${key.text}\n`);
  writeFileSync(join(dir, "sig"), signature);
  const run = spawnSync(
    "ssh-keygen",
    ["-Y", "verify", "-f", join(dir, "allowed"), "-I", "signer", "-n", namespace, "-s", join(dir, "sig")],
    { input: message, encoding: "utf8" },
  );
  return run.status === 0;
}

/** The CLI run in this process: the one in-process runner every test uses. */
export const cli = (args: string[]): Promise<CliResult> => runAgentc(args);

/** A build folder signed as a person signs one by hand: `ssh-keygen -Y sign -n agentc-bundle … manifest.json`. */
export function signedBuild(fixture: BuildFixture, key?: SshKey): string {
  const build = makeBuildDir(fixture);
  if (key)
    sshKeygen(["-q", "-Y", "sign", "-n", "agentc-bundle", "-f", key.file, join(build, "manifest.json")]);
  return build;
}

/** A fingerprint or path as a literal inside a RegExp. */
export function literal(text: string): string {
  return text.replace(/[+/.()]/g, "\\$&");
}
