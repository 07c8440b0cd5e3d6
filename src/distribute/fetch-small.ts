import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { downloadToFile } from "../install/index.js";

export interface SmallFetchOptions {
  maxBytes: number;
  timeoutMs?: number;
  stallMs?: number;
  tempRoot?: string;
}

/**
 * A small document (an index, a checksum, an OCI manifest) fetched with every rule of the bundle
 * download (transport, redirects, size, time, stall, truncation), through a private temporary file.
 */
export async function fetchSmall(url: URL, options: SmallFetchOptions): Promise<Buffer> {
  const temp = mkdtempSync(join(options.tempRoot ?? tmpdir(), "agentc-fetch-"));
  try {
    const file = join(temp, "body");
    await downloadToFile(url, file, {
      maxBytes: options.maxBytes,
      timeoutMs: options.timeoutMs ?? 60_000,
      stallMs: options.stallMs ?? 30_000,
    });
    return readFileSync(file);
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
}
