import { extraField, headerSize, zipSignature } from "../../shared/zip/zip-format.js";
import { decodeName, extraIds, readAt, type ZipDirectory, type ZipEntry } from "./zip-directory.js";

export interface LocatedEntry extends ZipEntry {
  /** Where the entry's compressed bytes start. */
  dataStart: number;
}

/**
 * Reads each entry's local header to find its data, and checks that the local name agrees with the
 * central one and that no two entries share bytes (overlapping entries are how non-recursive zip bombs
 * multiply one compressed stream into many files).
 */
export function locateEntries(directory: ZipDirectory): { entries: LocatedEntry[]; problems: string[] } {
  const problems: string[] = [];
  const entries: LocatedEntry[] = [];
  for (const [index, entry] of directory.entries.entries()) {
    const located = locate(directory, entry, index + 1);
    if (typeof located === "string") problems.push(`${JSON.stringify(entry.name)} ${located}`);
    else entries.push(located);
  }
  const byOffset = [...entries].sort((a, b) => a.localOffset - b.localOffset);
  for (let i = 1; i < byOffset.length; i++) {
    const before = byOffset[i - 1] as LocatedEntry;
    const entry = byOffset[i] as LocatedEntry;
    if (before.dataStart + before.compressedSize > entry.localOffset)
      problems.push(`${JSON.stringify(entry.name)} overlaps the data of ${JSON.stringify(before.name)}`);
  }
  return { entries, problems };
}

function locate(directory: ZipDirectory, entry: ZipEntry, index: number): LocatedEntry | string {
  if (entry.localOffset + headerSize.local > directory.centralOffset) return "starts past the file data";
  const header = readAt(directory.fd, entry.localOffset, headerSize.local);
  if (header.readUInt32LE(0) !== zipSignature.localHeader)
    return "has no local header where the directory says";
  const nameLength = header.readUInt16LE(26);
  const extraLength = header.readUInt16LE(28);
  const dataStart = entry.localOffset + headerSize.local + nameLength + extraLength;
  if (dataStart + entry.compressedSize > directory.centralOffset)
    return "has data running past the file data";
  const rest = readAt(directory.fd, entry.localOffset + headerSize.local, nameLength + extraLength);
  if (decodeName(rest.subarray(0, nameLength), index) !== entry.name)
    return "has a different name in its local header";
  if (
    extraIds(rest.subarray(nameLength)).some(
      (id) => id === extraField.unixLink || id === extraField.unicodePath,
    )
  )
    return "has a link or second-name extra field in its local header";
  return { ...entry, dataStart };
}
