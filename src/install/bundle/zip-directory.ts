import { closeSync, fstatSync, openSync, readSync } from "node:fs";
import { AgentcError } from "../../shared/agentc-error.js";
import type { ArchiveLimits } from "../../shared/zip/archive-limits.js";
import { headerSize, max16, max32, zipSignature } from "../../shared/zip/zip-format.js";

/** One central-directory record, as the archive claims it; nothing here is trusted yet. */
export interface ZipEntry {
  name: string;
  host: number;
  flags: number;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  externalAttributes: number;
  localOffset: number;
  extraIds: number[];
}

export interface ZipDirectory {
  fd: number;
  archiveBytes: number;
  centralOffset: number;
  entries: ZipEntry[];
}

const notZipHint =
  "the file is not a zip made by 'agentc pack', or it was cut short: download or pack it again";
const utf8 = new TextDecoder("utf-8", { fatal: true });

/** Opens a zip and reads its central directory, counting entries against the limit as it goes. */
export function readZipDirectory(path: string, limits: ArchiveLimits): ZipDirectory {
  const fd = openSync(path, "r");
  try {
    const archiveBytes = fstatSync(fd).size;
    const end = readEnd(fd, archiveBytes);
    if (end.size > limits.maxCentralDirectoryBytes)
      throw new AgentcError(
        "bundle",
        `its central directory is ${end.size} bytes, over the limit`,
        notZipHint,
      );
    const central = readAt(fd, end.offset, end.size);
    const entries = parseCentral(central, limits);
    if (entries.length % (max16 + 1) !== end.count)
      throw new AgentcError(
        "bundle",
        `it says it holds ${end.count} entries but lists ${entries.length}`,
        notZipHint,
      );
    return { fd, archiveBytes, centralOffset: end.offset, entries };
  } catch (error) {
    closeSync(fd);
    throw error;
  }
}

export function readAt(fd: number, position: number, length: number): Buffer {
  const buffer = Buffer.alloc(length);
  let done = 0;
  while (done < length) {
    const n = readSync(fd, buffer, done, length - done, position + done);
    if (n === 0) throw new AgentcError("bundle", "it ends in the middle of a record (truncated)", notZipHint);
    done += n;
  }
  return buffer;
}

/** The end-of-central-directory record: the last 22 bytes plus a comment of up to 64 KiB. */
function readEnd(fd: number, archiveBytes: number): { count: number; size: number; offset: number } {
  const tailLength = Math.min(archiveBytes, headerSize.endOfCentralDirectory + max16);
  const tail = readAt(fd, archiveBytes - tailLength, tailLength);
  for (let at = tail.length - headerSize.endOfCentralDirectory; at >= 0; at--) {
    if (tail.readUInt32LE(at) !== zipSignature.endOfCentralDirectory) continue;
    if (at + headerSize.endOfCentralDirectory + tail.readUInt16LE(at + 20) !== tail.length) continue;
    const record = {
      disk: tail.readUInt16LE(at + 4),
      centralDisk: tail.readUInt16LE(at + 6),
      count: tail.readUInt16LE(at + 10),
      size: tail.readUInt32LE(at + 12),
      offset: tail.readUInt32LE(at + 16),
    };
    if (record.disk !== 0 || record.centralDisk !== 0)
      throw new AgentcError("bundle", "it is split over several disks", notZipHint);
    if (record.size === max32 || record.offset === max32)
      throw new AgentcError("bundle", "it is a ZIP64 archive, which bundles never are", notZipHint);
    const endAt = archiveBytes - tailLength + at;
    if (record.offset + record.size > endAt)
      throw new AgentcError(
        "bundle",
        "its central directory points past the end of the file (truncated)",
        notZipHint,
      );
    return record;
  }
  throw new AgentcError("bundle", "it is not a zip archive (no end-of-central-directory record)", notZipHint);
}

function parseCentral(central: Buffer, limits: ArchiveLimits): ZipEntry[] {
  const entries: ZipEntry[] = [];
  let at = 0;
  while (at < central.length) {
    if (entries.length >= limits.maxEntries)
      throw new AgentcError("bundle", `it holds more than ${limits.maxEntries} entries`, limitHint);
    if (at + headerSize.central > central.length || central.readUInt32LE(at) !== zipSignature.centralHeader)
      throw new AgentcError(
        "bundle",
        `its central directory is damaged at entry ${entries.length + 1}`,
        notZipHint,
      );
    const nameLength = central.readUInt16LE(at + 28);
    const extraLength = central.readUInt16LE(at + 30);
    const next = at + headerSize.central + nameLength + extraLength + central.readUInt16LE(at + 32);
    if (next > central.length)
      throw new AgentcError(
        "bundle",
        `its central directory is damaged at entry ${entries.length + 1}`,
        notZipHint,
      );
    const nameStart = at + headerSize.central;
    entries.push({
      name: decodeName(central.subarray(nameStart, nameStart + nameLength), entries.length + 1),
      host: central.readUInt8(at + 5),
      flags: central.readUInt16LE(at + 8),
      method: central.readUInt16LE(at + 10),
      crc: central.readUInt32LE(at + 16),
      compressedSize: central.readUInt32LE(at + 20),
      size: central.readUInt32LE(at + 24),
      externalAttributes: central.readUInt32LE(at + 38),
      localOffset: central.readUInt32LE(at + 42),
      extraIds: extraIds(central.subarray(nameStart + nameLength, nameStart + nameLength + extraLength)),
    });
    at = next;
  }
  return entries;
}

export const limitHint =
  "the archive exceeds the installer's limits (docs/bundles.md): if it is genuine, split the registry; otherwise do not install it";

export function decodeName(bytes: Buffer, index: number): string {
  try {
    return utf8.decode(bytes);
  } catch {
    throw new AgentcError("bundle", `entry ${index} has a name that is not valid UTF-8`, notZipHint);
  }
}

/** The ids of an extra-field block: (id u16, length u16, data) repeated. */
export function extraIds(extra: Buffer): number[] {
  const ids: number[] = [];
  for (let at = 0; at + 4 <= extra.length; at += 4 + extra.readUInt16LE(at + 2))
    ids.push(extra.readUInt16LE(at));
  return ids;
}
