import * as crypto from "node:crypto";
import { closeSync, openSync, readSync } from "node:fs";

/** Node 20.12 and later hash in one call, without a Hash object per input; older versions use createHash. */
const oneShot = (
  crypto as { hash?: (algorithm: string, data: Uint8Array | string, encoding: "hex") => string }
).hash;

export function sha256(bytes: Uint8Array | string): string {
  if (oneShot) return oneShot("sha256", bytes, "hex");
  return crypto.createHash("sha256").update(bytes).digest("hex");
}

/** The sha256 of a file, read in 1 MiB steps so that a large bundle is never held in memory. */
export function sha256OfFile(path: string): string {
  const hash = crypto.createHash("sha256");
  const chunk = Buffer.alloc(2 ** 20);
  const fd = openSync(path, "r");
  try {
    for (let n = readSync(fd, chunk); n > 0; n = readSync(fd, chunk)) hash.update(chunk.subarray(0, n));
  } finally {
    closeSync(fd);
  }
  return hash.digest("hex");
}
