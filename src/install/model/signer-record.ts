import { fingerprintOf, publicKeyFromText } from "../../packaging/signature/ssh-public-key.js";
import { SshWireError } from "../../packaging/signature/ssh-wire.js";

/**
 * The key that signed the installed bundle (`signer` in .agentc/installed.json). Once recorded, install and
 * update accept only bundles that key signed, until the person names another (--signer) or none
 * (--allow-unsigned). docs/installer.md, "Signatures".
 */
export interface SignerRecord {
  /** "<type> <base64>", as a .pub file writes the key (without its comment) */
  key: string;
  /** "SHA256:…", as `ssh-keygen -l` prints it */
  fingerprint: string;
}

/** Fixed key order, so equal signers give equal record bytes. */
export function serialSigner(signer: SignerRecord): SignerRecord {
  return { key: signer.key, fingerprint: signer.fingerprint };
}

/** What is wrong with a recorded signer (the record is a file people can edit), or undefined. */
export function signerRecordProblem(value: unknown): string | undefined {
  const signer = value as Partial<SignerRecord> | null;
  if (typeof signer !== "object" || signer === null) return "is not an object";
  if (typeof signer.key !== "string" || typeof signer.fingerprint !== "string")
    return 'has no string "key" and "fingerprint"';
  const [type = "", base64 = "", extra] = signer.key.split(" ");
  try {
    const key = publicKeyFromText(type, base64, "its key");
    if (extra !== undefined) return 'has a "key" with more than "<type> <base64>"';
    if (fingerprintOf(key.blob) !== signer.fingerprint)
      return `has the fingerprint ${signer.fingerprint}, but its key's is ${key.fingerprint}`;
  } catch (error) {
    if (error instanceof SshWireError)
      return `has a "key" that is not a public key agentc verifies: ${error.message}`;
    throw error;
  }
  return undefined;
}
