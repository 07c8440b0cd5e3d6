import { pathProblem } from "../../shared/path-check.js";
import { type ArchiveLimits, exceedsRatio } from "../../shared/zip/archive-limits.js";
import { compression, dosAttribute, extraField, fileType, generalFlag } from "../../shared/zip/zip-format.js";
import type { ZipDirectory, ZipEntry } from "./zip-directory.js";

/** Directory entries carry no data; they are checked like files and then skipped. */
export function isDirectoryEntry(entry: ZipEntry): boolean {
  return entry.name.endsWith("/");
}

/** What no bundle may hold, whatever the limits: links, special files, unsafe names, unreadable entries. */
export function unsafeEntryProblems(directory: ZipDirectory): string[] {
  return directory.entries.flatMap((entry) => {
    const problems = [...kindProblems(entry), ...formatProblems(entry)];
    const pathIssue = pathProblem(entryPath(entry));
    if (pathIssue) problems.push(`has an unsafe name: it ${pathIssue}`);
    return problems.map((p) => `${JSON.stringify(entry.name)} ${p}`);
  });
}

/** Depth, sizes and compression ratios the archive claims, per entry and in total, before any inflating. */
export function limitProblems(directory: ZipDirectory, limits: ArchiveLimits): string[] {
  const problems = directory.entries.flatMap((entry) =>
    entryLimitProblems(entry, limits).map((p) => `${JSON.stringify(entry.name)} ${p}`),
  );
  const total = directory.entries.reduce((sum, e) => sum + e.size, 0);
  if (total > limits.maxTotalBytes)
    problems.push(`the entries add up to ${total} bytes, over the limit of ${limits.maxTotalBytes}`);
  if (exceedsRatio(total, directory.archiveBytes, limits))
    problems.push(
      `the archive inflates ${total} : ${directory.archiveBytes}, over the ratio limit of ${limits.maxRatio} : 1`,
    );
  return problems;
}

function entryPath(entry: ZipEntry): string {
  return isDirectoryEntry(entry) ? entry.name.slice(0, -1) : entry.name;
}

function entryLimitProblems(entry: ZipEntry, limits: ArchiveLimits): string[] {
  const problems: string[] = [];
  if (entryPath(entry).split("/").length > limits.maxDepth)
    problems.push(`is more than ${limits.maxDepth} folders deep`);
  if (entry.size > limits.maxEntryBytes)
    problems.push(`declares ${entry.size} bytes, over the per-file limit of ${limits.maxEntryBytes}`);
  if (exceedsRatio(entry.size, entry.compressedSize, limits))
    problems.push(
      `inflates ${entry.size} : ${entry.compressedSize}, over the ratio limit of ${limits.maxRatio} : 1`,
    );
  return problems;
}

/** Links and special files, by Unix type bits, the DOS reparse-point bit, or a link-target extra field. */
function kindProblems(entry: ZipEntry): string[] {
  const type = (entry.externalAttributes >>> 16) & fileType.mask;
  const problems: string[] = [];
  if (type === fileType.symlink) problems.push("is a symbolic link");
  else if (type !== 0 && type !== fileType.regular && type !== fileType.directory)
    problems.push(`is a special file (type 0o${type.toString(8)}), not a regular file`);
  if (type === fileType.directory && !isDirectoryEntry(entry))
    problems.push("is a folder without a trailing '/'");
  if (entry.externalAttributes & dosAttribute.reparsePoint) problems.push("is a link (reparse point)");
  if (entry.extraIds.includes(extraField.unixLink))
    problems.push("is a hard or symbolic link (extra field 0x000d)");
  if (entry.extraIds.includes(extraField.unicodePath))
    problems.push("carries a second name in a Unicode-path extra field that other tools would use");
  return problems;
}

function formatProblems(entry: ZipEntry): string[] {
  const problems: string[] = [];
  if (entry.flags & generalFlag.encrypted) problems.push("is encrypted");
  if (entry.method !== compression.stored && entry.method !== compression.deflated)
    problems.push(`uses compression method ${entry.method} (only stored and deflated are read)`);
  if (entry.method === compression.stored && entry.size !== entry.compressedSize)
    problems.push(`is stored but declares ${entry.size} bytes in ${entry.compressedSize}`);
  if (isDirectoryEntry(entry) && entry.size + entry.compressedSize > 0)
    problems.push("is a folder that holds data");
  return problems;
}
