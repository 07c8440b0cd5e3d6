import { readFileSync } from "node:fs";
import { AgentcError } from "../../shared/agentc-error.js";
import { publicKeyFromText, type SshPublicKey } from "./ssh-public-key.js";
import { SshWireError } from "./ssh-wire.js";
import { bundleSignatureNamespace } from "./sshsig.js";

/** The keys a person allows to sign bundles (`--signer FILE`), with the file they came from. */
export interface SignerKeys {
  from: string;
  keys: SshPublicKey[];
}

/** A --signer file that cannot be read: the message names file:line:column, the hint what to write. */
const signerFileError = (message: string, hint: string, cause?: unknown): AgentcError =>
  new AgentcError("signature", message, hint, cause === undefined ? {} : { cause });

const fileHint =
  'give a public key file (team.pub: ssh-ed25519 AAAA… comment) or an allowed_signers file (principals [namespaces="agentc-bundle"] ssh-ed25519 AAAA…), one key per line';
const keyType = /^(ssh-|ecdsa-|sk-)/;

/** Reads a .pub file or an OpenSSH allowed_signers file: every key in it that may sign agentc bundles. */
export function readSignerFile(file: string): SignerKeys {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    throw signerFileError(
      `cannot read the signer file ${file}: ${(error as Error).message}`,
      fileHint,
      error,
    );
  }
  return parseSignerText(text, file);
}

export function parseSignerText(text: string, from: string): SignerKeys {
  const keys: SshPublicKey[] = [];
  for (const [n, raw] of text.split("\n").entries()) {
    const line = raw.replace(/\r$/, "");
    if (line.trim() === "" || line.trim().startsWith("#")) continue;
    const key = lineKey(line, `${from}:${n + 1}`);
    if (key && !keys.some((k) => k.fingerprint === key.fingerprint)) keys.push(key);
  }
  if (keys.length === 0) throw signerFileError(`${from} names no key that may sign agentc bundles`, fileHint);
  return { from, keys };
}

/** One line's key; undefined when its namespaces leave agentc bundles out. */
function lineKey(line: string, place: string): SshPublicKey | undefined {
  const tokens = tokenize(line);
  const at = (i: number): string => `${place}:${(tokens[i]?.column ?? line.length) + 1}`;
  if (line.trimStart().startsWith("-----BEGIN"))
    throw signerFileError(`${at(0)}: this is a private key`, "give its public half, the .pub file");
  let k = 0;
  let options: string | undefined;
  if (!keyType.test(tokens[0]?.text ?? "")) {
    k = keyType.test(tokens[1]?.text ?? "") ? 1 : 2;
    if (k === 2) options = tokens[1]?.text;
  }
  const type = tokens[k]?.text;
  const base64 = tokens[k + 1]?.text;
  if (!type || !keyType.test(type) || !base64)
    throw signerFileError(`${at(k)}: expected a key type and a key (ssh-ed25519 AAAA…)`, fileHint);
  if (options !== undefined && !allowsBundles(options, at(1))) return undefined;
  try {
    return publicKeyFromText(type, base64, "the key");
  } catch (error) {
    if (error instanceof SshWireError) throw signerFileError(`${at(k)}: ${error.message}`, fileHint);
    throw error;
  }
}

/** The options of an allowed_signers line: namespaces="…" is honoured; anything else agentc cannot honour. */
function allowsBundles(options: string, place: string): boolean {
  let allowed = true;
  for (const option of splitOutsideQuotes(options, ",")) {
    const [name = "", value] = option.split(/=(.*)/s);
    if (name.toLowerCase() !== "namespaces")
      throw signerFileError(
        `${place}: the option ${name} is not one agentc honours (only namespaces="…")`,
        "list the key without it; certificates (cert-authority) and validity times are not supported",
      );
    allowed = matchesPatterns(bundleSignatureNamespace, (value ?? "").replace(/^"|"$/g, "").split(","));
  }
  return allowed;
}

/** OpenSSH's pattern lists: `*` and `?` wildcards, `!` negates (a negated match wins). */
function matchesPatterns(name: string, patterns: string[]): boolean {
  let matched = false;
  for (const pattern of patterns) {
    const negated = pattern.startsWith("!");
    const glob = new RegExp(
      `^${(negated ? pattern.slice(1) : pattern)
        .replace(/[.+^${}()|[\]\\]/g, "\\$&")
        .replace(/\*/g, ".*")
        .replace(/\?/g, ".")}$`,
    );
    if (glob.test(name)) {
      if (negated) return false;
      matched = true;
    }
  }
  return matched;
}

/** Whitespace-separated tokens; a double-quoted part may hold spaces. Each with its column (0-based). */
function tokenize(line: string): { text: string; column: number }[] {
  const tokens: { text: string; column: number }[] = [];
  let i = 0;
  while (i < line.length) {
    while (i < line.length && /\s/.test(line[i] as string)) i++;
    if (i >= line.length) break;
    const column = i;
    let quoted = false;
    while (i < line.length && (quoted || !/\s/.test(line[i] as string))) {
      if (line[i] === '"') quoted = !quoted;
      i++;
    }
    tokens.push({ text: line.slice(column, i), column });
  }
  return tokens;
}

function splitOutsideQuotes(text: string, separator: string): string[] {
  const parts: string[] = [];
  let quoted = false;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '"') quoted = !quoted;
    else if (text[i] === separator && !quoted) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}
