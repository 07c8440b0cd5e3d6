import * as crypto from "node:crypto";

/** Node 20.12 and later hash in one call, without a Hash object per input; older versions use createHash. */
const oneShot = (
  crypto as { hash?: (algorithm: string, data: Uint8Array | string, encoding: "hex") => string }
).hash;

export function sha256(bytes: Uint8Array | string): string {
  if (oneShot) return oneShot("sha256", bytes, "hex");
  return crypto.createHash("sha256").update(bytes).digest("hex");
}
