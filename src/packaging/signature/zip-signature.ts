import { removeQuietly, writeFileAtomic } from "../../shared/atomic-write.js";
import { readSignatureFile, zipSignaturePath } from "./bundle-signature.js";
import type { SignedManifest } from "./sign-manifest.js";
import { verifySshSignature } from "./sshsig.js";

/** What pack did with `<zip>.sig`. */
export interface ZipSignature {
  /** the signature file beside the zip, when there is one now */
  signatureFile?: string;
  /** the fingerprint of its key */
  signer?: string;
  /** a `<zip>.sig` that did not sign this manifest was removed (a new pack without --sign) */
  removedStale?: string;
}

/**
 * After packing: writes `<zip>.sig` from a fresh signature. Without one, a `<zip>.sig` left by an earlier
 * pack is kept when it still signs this manifest (the same build packs to the same bytes) and removed when
 * it does not, so no zip ever sits beside a signature of another build.
 */
export function placeZipSignature(zip: string, manifest: Buffer, signed?: SignedManifest): ZipSignature {
  const path = zipSignaturePath(zip);
  if (signed) {
    writeFileAtomic(path, signed.signature);
    return { signatureFile: path, signer: signed.signer.fingerprint };
  }
  const existing = readSignatureFile(path);
  if (!existing) return {};
  const check = verifySshSignature(existing.bytes, manifest);
  if (check.ok) return { signatureFile: path, signer: check.signer.fingerprint };
  removeQuietly(path);
  return { removedStale: path };
}
