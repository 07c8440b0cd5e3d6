import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { BundleSignatures } from "../../packaging/signature/bundle-signature.js";
import { maxSignatureBytes } from "../../packaging/signature/sshsig.js";
import { AgentcError } from "../../shared/agentc-error.js";
import { downloadToFile } from "./download.js";
import { redacted } from "./source-url.js";

/**
 * The signature published beside a bundle URL, `<url>.sig` (agentc serve serves it; any web host can).
 * Not finding one is an answer, not a failure: whether an unsigned bundle may be installed is decided
 * later, against the install record and the person's options, and the reason it was not found is kept
 * for that message.
 */
export async function urlSignatures(
  url: URL,
  temp: string,
  transfer: { timeoutMs: number; stallMs: number },
): Promise<BundleSignatures> {
  const signatureUrl = new URL(url);
  signatureUrl.pathname += ".sig";
  const label = redacted(signatureUrl);
  const file = join(temp, "bundle.zip.sig");
  try {
    await downloadToFile(signatureUrl, file, { ...transfer, maxBytes: maxSignatureBytes });
    const bytes = readFileSync(file);
    return { files: [{ from: label, bytes }], lookedAt: label };
  } catch (error) {
    if (!(error instanceof AgentcError)) throw error;
    return { files: [], lookedAt: error.message };
  } finally {
    rmSync(file, { force: true });
  }
}
