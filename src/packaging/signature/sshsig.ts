import { createHash, verify } from "node:crypto";
import { publicKeyFromBlob, type SshPublicKey } from "./ssh-public-key.js";
import { SshReader, SshWireError, sshString } from "./ssh-wire.js";

/**
 * The SSH signature format (OpenSSH's PROTOCOL.sshsig): what `ssh-keygen -Y sign` writes and
 * `ssh-keygen -Y verify` checks. An armored blob holds the signer's public key, a namespace, the hash
 * algorithm and the signature over "SSHSIG" ‖ namespace ‖ reserved ‖ hash algorithm ‖ H(message).
 */
export const bundleSignatureNamespace = "agentc-bundle";

/** A signature file is small: an RSA-16384 key and its signature are under 5 KiB armored. */
export const maxSignatureBytes = 16 * 1024;

const preamble = Buffer.from("SSHSIG");
const begin = "-----BEGIN SSH SIGNATURE-----";
const end = "-----END SSH SIGNATURE-----";
const hashes = new Set(["sha256", "sha512"]);

export type SignatureCheck = { ok: true; signer: SshPublicKey } | { ok: false; problem: string };

/** Checks an armored SSH signature of `message` in `namespace`; the key that made it is in the signature. */
export function verifySshSignature(
  armored: Buffer,
  message: Buffer,
  namespace = bundleSignatureNamespace,
): SignatureCheck {
  try {
    const blob = dearmor(armored);
    const reader = new SshReader(blob, "the signature");
    reader.expect(preamble, '"SSHSIG"');
    const version = reader.uint32("version");
    if (version !== 1)
      return { ok: false, problem: `is an SSH signature of version ${version}; agentc reads 1` };
    const signer = publicKeyFromBlob(reader.string("public key"), "the signature's key");
    const signedFor = reader.text("namespace");
    const reserved = reader.string("reserved field");
    const hash = reader.text("hash algorithm");
    const signature = reader.string("signature");
    reader.end();
    if (signedFor !== namespace)
      return {
        ok: false,
        problem: `was made for ${JSON.stringify(signedFor)}, not for ${JSON.stringify(namespace)}`,
      };
    if (!hashes.has(hash))
      return { ok: false, problem: `uses the hash ${JSON.stringify(hash)}, not sha256 or sha512` };
    const digest = createHash(hash).update(message).digest();
    const signed = Buffer.concat([preamble, ...[namespace, reserved, hash, digest].map(sshString)]);
    if (!signatureMatches(signer, signed, signature))
      return {
        ok: false,
        problem: `by ${signer.fingerprint} does not match: the signed bytes changed after signing, or it is the signature of something else`,
      };
    return { ok: true, signer };
  } catch (error) {
    if (error instanceof SshWireError) return { ok: false, problem: `is damaged: ${error.message}` };
    throw error;
  }
}

/** The blob between the armor lines; refuses anything that is not exactly header, base64 and footer. */
export function dearmor(armored: Buffer): Buffer {
  if (armored.length > maxSignatureBytes)
    throw new SshWireError(`the signature is ${armored.length} bytes, more than a signature holds`);
  const text = armored.toString("latin1").replace(/\r\n/g, "\n");
  if (!text.startsWith(`${begin}\n`)) throw new SshWireError(`the file does not start with "${begin}"`);
  const close = text.indexOf(`\n${end}`);
  if (close === -1 || text.slice(close + 1 + end.length).trim() !== "")
    throw new SshWireError(`the file does not end with "${end}"`);
  const base64 = text.slice(begin.length + 1, close).replace(/\n/g, "");
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64) || Buffer.from(base64, "base64").toString("base64") !== base64)
    throw new SshWireError("the text between its armor lines is not base64");
  return Buffer.from(base64, "base64");
}

/** The SSH signature blob (format name, then the signature in that format's encoding) checked with node:crypto. */
function signatureMatches(key: SshPublicKey, signed: Buffer, blob: Buffer): boolean {
  const reader = new SshReader(blob, "the signature");
  const format = reader.text("signature format");
  const bytes = reader.string("signature bytes");
  reader.end();
  if (key.type === "ssh-ed25519") return format === key.type && verify(null, signed, key.key, bytes);
  if (key.ecdsa) {
    if (format !== key.type) return false;
    const inner = new SshReader(bytes, "the ECDSA signature");
    const r = inner.unsigned("r");
    const s = inner.unsigned("s");
    inner.end();
    const { size, hash } = key.ecdsa;
    if (r.length > size || s.length > size) return false;
    const rs = Buffer.concat([leftPad(r, size), leftPad(s, size)]);
    return verify(hash, signed, { key: key.key, dsaEncoding: "ieee-p1363" }, rs);
  }
  const hash = { "rsa-sha2-256": "sha256", "rsa-sha2-512": "sha512" }[format];
  const modulus = Math.ceil((key.key.asymmetricKeyDetails?.modulusLength ?? 0) / 8);
  if (!hash || bytes.length > modulus) return false;
  // a signature with leading zero bytes may come shorter than the modulus (RFC 8332 §3)
  return verify(hash, signed, key.key, leftPad(bytes, modulus));
}

function leftPad(bytes: Buffer, size: number): Buffer {
  return bytes.length >= size ? bytes : Buffer.concat([Buffer.alloc(size - bytes.length), bytes]);
}
