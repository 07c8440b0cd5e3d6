import { readSync } from "node:fs";
import { crc32 } from "node:zlib";
import { Inflate } from "fflate";
import { AgentcError } from "../../shared/agentc-error.js";
import { compression } from "../../shared/zip/zip-format.js";
import type { LocatedEntry } from "./local-headers.js";

/** Input per step: deflate inflates at most ~1032:1, so one step never holds more than ~4 MB of output. */
const chunkBytes = 4 * 1024;
const corruptHint = "the bundle is damaged or was tampered with: download or pack it again";

/**
 * Streams one entry's data to `sink` in chunks of at most 4 KiB of input, so memory stays bounded
 * whatever the archive claims. Aborts as soon as the output passes the declared size, and checks
 * the size and CRC-32 at the end.
 */
export function inflateEntry(fd: number, entry: LocatedEntry, sink: (chunk: Uint8Array) => void): void {
  let produced = 0;
  let crc = 0;
  const accept = (chunk: Uint8Array): void => {
    produced += chunk.length;
    if (produced > entry.size) throw damaged(entry, `inflates past its declared ${entry.size} bytes`);
    crc = crc32(chunk, crc);
    sink(chunk);
  };
  const inflate = entry.method === compression.deflated ? new Inflate((chunk) => accept(chunk)) : undefined;
  const buffer = Buffer.alloc(Math.min(chunkBytes, Math.max(entry.compressedSize, 1)));
  for (let done = 0; done < entry.compressedSize; ) {
    const n = readSync(
      fd,
      buffer,
      0,
      Math.min(buffer.length, entry.compressedSize - done),
      entry.dataStart + done,
    );
    if (n === 0) throw damaged(entry, "ends early (truncated)");
    done += n;
    const chunk = buffer.subarray(0, n);
    if (inflate) push(inflate, chunk, done === entry.compressedSize, entry);
    else accept(chunk);
  }
  if (inflate && entry.compressedSize === 0) push(inflate, new Uint8Array(0), true, entry);
  if (produced !== entry.size)
    throw damaged(entry, `holds ${produced} bytes, not the declared ${entry.size}`);
  if (crc >>> 0 !== entry.crc) throw damaged(entry, "fails its CRC-32 check");
}

function push(inflate: Inflate, chunk: Uint8Array, final: boolean, entry: LocatedEntry): void {
  try {
    inflate.push(chunk, final);
  } catch (error) {
    // the sink's own failures (a full disk) are not the archive's fault; fflate's errors carry a number
    if (error instanceof AgentcError || typeof (error as NodeJS.ErrnoException).code === "string")
      throw error;
    throw damaged(entry, `is not valid deflate data (${(error as Error).message})`);
  }
}

function damaged(entry: LocatedEntry, problem: string): AgentcError {
  return new AgentcError("bundle", `${JSON.stringify(entry.name)} ${problem}`, corruptHint);
}
