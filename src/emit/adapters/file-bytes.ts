/**
 * The bytes of emitted files, cut from shared chunks: a build of 100,000 small files would otherwise make
 * a new 8 KiB pool (an ArrayBuffer the garbage collector tracks) every dozen files. A file keeps its chunk
 * alive, so chunks are small and a file larger than a few KiB gets a buffer of its own.
 */
const chunkSize = 256 * 1024;
const ownBufferFrom = 4 * 1024;

let chunk = Buffer.allocUnsafeSlow(0);
let used = 0;

/** The UTF-8 bytes of text followed by tail, in one buffer. */
export function textThenBytes(text: string, tail: Uint8Array): Buffer {
  const head = Buffer.byteLength(text, "utf8");
  const size = head + tail.length;
  if (size >= ownBufferFrom) {
    const bytes = Buffer.allocUnsafe(size);
    bytes.write(text, 0, "utf8");
    bytes.set(tail, head);
    return bytes;
  }
  if (used + size > chunk.length) {
    chunk = Buffer.allocUnsafeSlow(chunkSize);
    used = 0;
  }
  chunk.write(text, used, "utf8");
  chunk.set(tail, used + head);
  const bytes = chunk.subarray(used, used + size);
  used += size;
  return bytes;
}
