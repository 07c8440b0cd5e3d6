import { readFileSync } from "node:fs";
import { join } from "node:path";
import { siteFolder, siteRecordPath } from "../emit/site-paths.js";
import { sha256 } from "../shared/hash.js";
import { pair, pairSeparator } from "../shared/line-codec.js";
import { parseJson } from "../shared/nesting-limit.js";
import { countWork } from "../shared/work-counts.js";
import type { PreviousBuild } from "./files-not-ours.js";

/** What an earlier build wrote into the page folder; `foreign` when a record file is there but is not one. */
export interface PreviousSite extends PreviousBuild {
  foreign: boolean;
}

/**
 * The page folder's record, read like the previous manifest: paths (only below site/) and their hashes.
 * A missing record means no earlier page; one that does not parse as a record is someone else's file.
 */
export function readSiteRecord(outDir: string): PreviousSite {
  let text: string;
  try {
    text = readFileSync(join(outDir, siteRecordPath), "utf8");
  } catch {
    return { artifacts: [], hashes: new Map(), foreign: false };
  }
  countWork("files read");
  const lines = recordLines(text);
  if (!lines) return { artifacts: [], hashes: new Map(), foreign: true };
  const pairs = lines.map((line) => line.split(pairSeparator) as [string, string]);
  const mine = pairs.filter(([path]) => path.startsWith(`${siteFolder}/`) && !path.includes(".."));
  return { artifacts: mine.map(([path]) => path), hashes: new Map(mine), foreign: false };
}

function recordLines(text: string): string[] | undefined {
  try {
    const value = parseJson(text) as { files?: unknown };
    const files = value?.files;
    if (!Array.isArray(files)) return undefined;
    return files.every((l) => typeof l === "string" && l.split(pairSeparator).length === 2)
      ? files
      : undefined;
  } catch {
    return undefined;
  }
}

/** The record of the page files written now: one "path :: sha256" line each, sorted, canonical text. */
export function siteRecordBytes(files: ReadonlyMap<string, Buffer>): Buffer {
  const lines = [...files]
    .map(([path, bytes]) => pair(path, sha256(bytes)))
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const body =
    lines.length === 0 ? "[]" : `[\n${lines.map((l) => `    ${JSON.stringify(l)}`).join(",\n")}\n  ]`;
  return Buffer.from(`{\n  "written_by": "agentc build",\n  "files": ${body}\n}\n`);
}
