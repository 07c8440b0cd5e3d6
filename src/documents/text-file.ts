import { readFileSync, statSync } from "node:fs";
import { countWork } from "../shared/work-counts.js";

export const maxRuleFileBytes = 4 * 1024 * 1024;
export const maxAssetBytes = 64 * 1024 * 1024;

export type ReadResult = { ok: true; bytes: Buffer } | { ok: false; reason: string };

/** Reads a file with a size limit, never throwing for missing, unreadable or oversized files. */
export function readBounded(path: string, limit: number): ReadResult {
  try {
    const stat = statSync(path);
    if (stat.isDirectory()) return { ok: false, reason: "is a folder, expected a file" };
    if (!stat.isFile()) return { ok: false, reason: "is not a regular file" };
    if (stat.size > limit)
      return {
        ok: false,
        reason: `is ${formatBytes(stat.size)}, larger than the limit of ${formatBytes(limit)}`,
      };
    countWork("files read");
    return { ok: true, bytes: readFileSync(path) };
  } catch (error) {
    return { ok: false, reason: describeFsError(error) };
  }
}

export type TextResult = { ok: true; text: string } | { ok: false; reason: string };

export function readText(path: string, limit: number): TextResult {
  const read = readBounded(path, limit);
  if (!read.ok) return read;
  return decodeText(read.bytes);
}

export function decodeText(bytes: Uint8Array): TextResult {
  if (bytes.includes(0)) return { ok: false, reason: "is binary (holds NUL bytes), expected UTF-8 text" };
  try {
    return { ok: true, text: new TextDecoder("utf-8", { fatal: true }).decode(bytes) };
  } catch {
    return { ok: false, reason: "is not valid UTF-8 text" };
  }
}

export function describeFsError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  switch (code) {
    case "ENOENT":
      return "does not exist";
    case "EACCES":
    case "EPERM":
      return "cannot be read (permission denied)";
    case "ENOTDIR":
      return "has a file where a folder is expected in its path";
    case "EISDIR":
      return "is a folder, expected a file";
    default:
      return `cannot be read (${code ?? String(error)})`;
  }
}

export function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${(n / (1024 * 1024)).toFixed(1)} MiB`;
  if (n >= 1024) return `${(n / 1024).toFixed(1)} KiB`;
  return `${n} bytes`;
}
