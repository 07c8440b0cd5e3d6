import { closeSync, lstatSync, openSync, readSync } from "node:fs";
import { join } from "node:path";
import { bundleManifestName } from "../bundle-manifest.js";
import { maxSignatureBytes } from "./sshsig.js";

/**
 * Where a bundle's signature is kept (docs/bundles.md, "Signed bundles"). What is signed is always the
 * bundle's manifest.json, which names the sha256 of every other file: one signature covers the zip, the
 * build folder, the served tree and the OCI artifact alike.
 * - beside a zip: `<zip>.sig` (bundle.zip.sig, next to bundle.zip.sha256);
 * - in a build folder: `manifest.json.sig`, the name `ssh-keygen -Y sign manifest.json` gives it;
 * - on a server: `<bundle URL>.sig`; on an OCI registry: a referrer of the artifact (docs/oci.md).
 */
export const folderSignatureName = `${bundleManifestName}.sig`;

export function zipSignaturePath(zip: string): string {
  return `${zip}.sig`;
}

export function folderSignaturePath(dir: string): string {
  return join(dir, folderSignatureName);
}

/** One signature as found: its bytes and where they came from (for messages). */
export interface SignatureFile {
  from: string;
  bytes: Buffer;
}

/** The signatures found for a bundle; none found is an answer too, and `lookedAt` says where it looked. */
export interface BundleSignatures {
  files: SignatureFile[];
  lookedAt: string;
}

/**
 * A signature file on this machine, when there is one (a regular file). At most one byte more than a
 * signature's limit is read, so an oversized file is refused by the verifier without being held whole.
 */
export function readSignatureFile(path: string): SignatureFile | undefined {
  if (!lstatSync(path, { throwIfNoEntry: false })?.isFile()) return undefined;
  const bytes = Buffer.alloc(maxSignatureBytes + 1);
  const fd = openSync(path, "r");
  try {
    return { from: path, bytes: bytes.subarray(0, readSync(fd, bytes, 0, bytes.length, 0)) };
  } finally {
    closeSync(fd);
  }
}

/** The signatures of a build folder or a zip on this machine. */
export function localSignatures(path: string, kind: "folder" | "zip"): BundleSignatures {
  const file = kind === "folder" ? folderSignaturePath(path) : zipSignaturePath(path);
  const found = readSignatureFile(file);
  return { files: found ? [found] : [], lookedAt: `no file ${file}` };
}
