import { createHash, createPublicKey, type KeyObject } from "node:crypto";
import { SshReader, SshWireError } from "./ssh-wire.js";

/** The ECDSA curves SSH names (RFC 5656), with their JWK name, field size in bytes and signature hash. */
const ecdsaCurves: Record<string, { curve: string; jwk: string; size: number; hash: string }> = {
  "ecdsa-sha2-nistp256": { curve: "nistp256", jwk: "P-256", size: 32, hash: "sha256" },
  "ecdsa-sha2-nistp384": { curve: "nistp384", jwk: "P-384", size: 48, hash: "sha384" },
  "ecdsa-sha2-nistp521": { curve: "nistp521", jwk: "P-521", size: 66, hash: "sha512" },
};

/** The key types agentc verifies: what `ssh-keygen -t ed25519 | ecdsa | rsa` makes. */
export const supportedKeyTypes = ["ssh-ed25519", ...Object.keys(ecdsaCurves), "ssh-rsa"];

/** OpenSSH's own floor for RSA keys (SSH_RSA_MINIMUM_MODULUS_SIZE). */
const minRsaBits = 1024;

export interface SshPublicKey {
  /** the SSH key type: ssh-ed25519, ecdsa-sha2-nistp256, ssh-rsa … */
  type: string;
  /** the key's wire encoding (RFC 4253 §6.6), what the fingerprint hashes */
  blob: Buffer;
  /** "<type> <base64>": a .pub file's line without its comment */
  text: string;
  /** "SHA256:<base64>", exactly as `ssh-keygen -l` prints it */
  fingerprint: string;
  /** ED25519, ECDSA or RSA, as `ssh-keygen -l` names it */
  label: string;
  key: KeyObject;
  /** ECDSA: the curve's field size and the hash its signatures use */
  ecdsa?: { size: number; hash: string };
}

/** A public key from its wire encoding; an unsupported type or a damaged key is an SshWireError. */
export function publicKeyFromBlob(blob: Buffer, what = "the public key"): SshPublicKey {
  const reader = new SshReader(blob, what);
  const type = reader.text("key type");
  const base = { type, blob, text: `${type} ${blob.toString("base64")}`, fingerprint: fingerprintOf(blob) };
  if (type === "ssh-ed25519") {
    const x = reader.string("Ed25519 key");
    reader.end();
    if (x.length !== 32) throw new SshWireError(`${what} has an Ed25519 key of ${x.length} bytes, not 32`);
    return { ...base, label: "ED25519", key: jwkKey({ kty: "OKP", crv: "Ed25519", x: b64url(x) }, what) };
  }
  const curve = ecdsaCurves[type];
  if (curve) {
    const name = reader.text("curve name");
    const point = reader.string("curve point");
    reader.end();
    if (name !== curve.curve || point.length !== 1 + 2 * curve.size || point[0] !== 4)
      throw new SshWireError(`${what} is not an uncompressed ${curve.curve} point`);
    const x = point.subarray(1, 1 + curve.size);
    const y = point.subarray(1 + curve.size);
    const key = jwkKey({ kty: "EC", crv: curve.jwk, x: b64url(x), y: b64url(y) }, what);
    return { ...base, label: "ECDSA", key, ecdsa: { size: curve.size, hash: curve.hash } };
  }
  if (type === "ssh-rsa") {
    const e = reader.unsigned("RSA exponent");
    const n = reader.unsigned("RSA modulus");
    reader.end();
    if (bitLength(n) < minRsaBits)
      throw new SshWireError(`${what} is an RSA key of ${bitLength(n)} bits, under OpenSSH's ${minRsaBits}`);
    return { ...base, label: "RSA", key: jwkKey({ kty: "RSA", n: b64url(n), e: b64url(e) }, what) };
  }
  throw new SshWireError(
    `${what} is of type ${JSON.stringify(type)}, which agentc does not verify (it verifies ${supportedKeyTypes.join(", ")}; security-key types sk-… are not supported)`,
  );
}

/** A key as a .pub line writes it, "<type> <base64> [comment]"; the type must be the blob's own. */
export function publicKeyFromText(type: string, base64: string, what: string): SshPublicKey {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64) || Buffer.from(base64, "base64").toString("base64") !== base64)
    throw new SshWireError(`${what} is not base64 after its type ${type}`);
  const key = publicKeyFromBlob(Buffer.from(base64, "base64"), what);
  if (key.type !== type) throw new SshWireError(`${what} says ${type}, but its key is ${key.type}`);
  return key;
}

/** OpenSSH's SHA256 fingerprint: base64 of the blob's sha256, without padding. */
export function fingerprintOf(blob: Buffer): string {
  return `SHA256:${createHash("sha256").update(blob).digest("base64").replace(/=+$/, "")}`;
}

function jwkKey(jwk: Record<string, string>, what: string): KeyObject {
  try {
    return createPublicKey({ key: jwk, format: "jwk" });
  } catch (error) {
    throw new SshWireError(`${what} is not a valid key (${(error as Error).message})`);
  }
}

function b64url(bytes: Buffer): string {
  return bytes.toString("base64url");
}

function bitLength(n: Buffer): number {
  return n.length === 0 ? 0 : (n.length - 1) * 8 + (n[0] ?? 0).toString(2).length;
}
