import { createHash } from "node:crypto";

export function sha256(bytes: Uint8Array | string): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/** The separator of the manifest's flat "a :: b" lists. */
export const pairSeparator = " :: ";

export function pair(...parts: string[]): string {
  return parts.join(pairSeparator);
}
