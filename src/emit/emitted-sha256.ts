import { sha256 } from "../shared/hash.js";

const digests = new WeakMap<Uint8Array, string>();

/**
 * The sha256 of an emitted file's bytes, computed once per bytes object: the registry version, the SBOM
 * and the manifest each list every built file's hash. Emitted bytes are never changed after emit.
 */
export function emittedSha256(bytes: Uint8Array): string {
  let digest = digests.get(bytes);
  if (digest === undefined) {
    digest = sha256(bytes);
    digests.set(bytes, digest);
  }
  return digest;
}
