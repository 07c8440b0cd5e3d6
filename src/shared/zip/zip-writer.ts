import { createHash } from "node:crypto";
import { closeSync, openSync, writeSync } from "node:fs";
import { fflateLibrary, zlibLibrary } from "../on-first-use.js";
import { type ArchiveLimits, exceedsRatio } from "./archive-limits.js";
import {
  compression,
  fileType,
  fixedDosDate,
  fixedDosTime,
  generalFlag,
  headerSize,
  hostUnix,
  max16,
  max32,
  zipSignature,
  zipVersion,
} from "./zip-format.js";

export interface ZipEntryInput {
  name: string;
  bytes: Uint8Array;
  /** Permission bits, 0o644 or 0o755. */
  mode: number;
}

interface Written {
  name: Buffer;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  mode: number;
  offset: number;
}

/** Where a zip's bytes go: a file (the bundle, written as it is made) or memory (plugin.zip, part of a build). */
export interface ZipSink {
  write(bytes: Uint8Array): void;
  close(): void;
}

export function fileSink(path: string): ZipSink {
  const fd = openSync(path, "w", 0o644);
  return {
    write(bytes) {
      let done = 0;
      while (done < bytes.length) done += writeSync(fd, bytes, done, bytes.length - done);
    },
    close: () => closeSync(fd),
  };
}

export function memorySink(): ZipSink & { bytes(): Buffer } {
  const chunks: Uint8Array[] = [];
  return { write: (bytes) => chunks.push(bytes), close: () => {}, bytes: () => Buffer.concat(chunks) };
}

/**
 * Writes a zip one entry at a time, in the order given, with nothing that varies between runs: fixed
 * time, Unix regular-file attributes, UTF-8 names, no directory entries, no extra fields, no comment.
 * An entry is stored instead of deflated when deflating gains nothing or would exceed the ratio limit.
 * The only zip writer of agentc: bundles (packaging/bundle-zip.ts) and plugin.zip (plugin/build-plugin.ts).
 */
export class ZipWriter {
  private readonly written: Written[] = [];
  private readonly hash = createHash("sha256");
  private offset = 0;

  constructor(
    private readonly sink: ZipSink,
    private readonly limits: ArchiveLimits,
  ) {}

  add(entry: ZipEntryInput): void {
    const deflated = fflateLibrary().deflateSync(entry.bytes, { level: 9 });
    const store =
      deflated.length >= entry.bytes.length || exceedsRatio(entry.bytes.length, deflated.length, this.limits);
    const data = store ? entry.bytes : deflated;
    const record: Written = {
      name: Buffer.from(entry.name, "utf8"),
      method: store ? compression.stored : compression.deflated,
      crc: zlibLibrary().crc32(entry.bytes),
      compressedSize: data.length,
      size: entry.bytes.length,
      mode: entry.mode,
      offset: this.offset,
    };
    if (record.offset + headerSize.local + record.name.length + data.length > max32)
      throw new Error("the bundle would exceed 4 GiB, which needs ZIP64");
    this.write(localHeader(record));
    this.write(data);
    this.written.push(record);
  }

  /** Writes the central directory, closes the sink and returns the zip's sha256 (hex) and size. */
  finish(): { sha256: string; bytes: number } {
    if (this.written.length > max16)
      throw new Error(`${this.written.length} files need ZIP64 (at most 65,535)`);
    const start = this.offset;
    for (const record of this.written) this.write(centralHeader(record));
    this.write(endOfCentralDirectory(this.written.length, this.offset - start, start));
    this.sink.close();
    return { sha256: this.hash.digest("hex"), bytes: this.offset };
  }

  /** Closes the sink after a failure; the caller removes what it wrote. */
  abandon(): void {
    this.sink.close();
  }

  private write(bytes: Uint8Array): void {
    this.sink.write(bytes);
    this.hash.update(bytes);
    this.offset += bytes.length;
  }
}

/** A whole zip in memory, entries in the order given. */
export function zipInMemory(entries: Iterable<ZipEntryInput>, limits: ArchiveLimits): Buffer {
  const sink = memorySink();
  const writer = new ZipWriter(sink, limits);
  for (const entry of entries) writer.add(entry);
  writer.finish();
  return sink.bytes();
}

function localHeader(r: Written): Buffer {
  const b = Buffer.alloc(headerSize.local);
  b.writeUInt32LE(zipSignature.localHeader, 0);
  writeCommon(b, 4, r);
  return Buffer.concat([b, r.name]);
}

function centralHeader(r: Written): Buffer {
  const b = Buffer.alloc(headerSize.central);
  b.writeUInt32LE(zipSignature.centralHeader, 0);
  b.writeUInt16LE((hostUnix << 8) | zipVersion, 4);
  writeCommon(b, 6, r);
  b.writeUInt32LE(((fileType.regular | r.mode) << 16) >>> 0, 38);
  b.writeUInt32LE(r.offset, 42);
  return Buffer.concat([b, r.name]);
}

/** The fields local and central headers share, from "version needed" to "extra length". */
function writeCommon(b: Buffer, at: number, r: Written): void {
  b.writeUInt16LE(zipVersion, at);
  b.writeUInt16LE(generalFlag.utf8Name, at + 2);
  b.writeUInt16LE(r.method, at + 4);
  b.writeUInt16LE(fixedDosTime, at + 6);
  b.writeUInt16LE(fixedDosDate, at + 8);
  b.writeUInt32LE(r.crc, at + 10);
  b.writeUInt32LE(r.compressedSize, at + 14);
  b.writeUInt32LE(r.size, at + 18);
  b.writeUInt16LE(r.name.length, at + 22);
}

function endOfCentralDirectory(count: number, size: number, offset: number): Buffer {
  const b = Buffer.alloc(headerSize.endOfCentralDirectory);
  b.writeUInt32LE(zipSignature.endOfCentralDirectory, 0);
  b.writeUInt16LE(count, 8);
  b.writeUInt16LE(count, 10);
  b.writeUInt32LE(size, 12);
  b.writeUInt32LE(offset, 16);
  return b;
}
