import type { BigIntStats } from "node:fs";
import { join } from "node:path";
import { tempSuffix } from "../model/agentc-dir.js";
import { type CopiedFile, foldersOf, type LinkOutcome } from "../model/link-outcome.js";
import type { Action, Content, FallbackFolder } from "../model/plan-model.js";
import { createFile } from "./file-writes.js";
import type { ProjectWriter } from "./fs-ops.js";

type LinkAction = Extract<Action, { op: "link" }>;

export interface LinkWriter {
  fs: ProjectWriter;
  bytesOf: (content: Content) => Buffer;
  /** called with each file a fallback wrote (project path, its stat, its hash) */
  wrote: (path: string, stat: BigIntStats, sha256: string) => void;
}

/** The errors of a system that does not allow links here (Windows without the privilege, FAT, some mounts). */
const refusals = new Set(["EPERM", "ENOTSUP", "EACCES"]);

/** The link, created in one call; where the OS refuses it, the fallback, which appears whole or not at all. */
export function placeLink(action: LinkAction, abs: string, writer: LinkWriter): LinkOutcome {
  try {
    writer.fs.makeSymlink(action.target, abs);
    return { kind: "symlink" };
  } catch (error) {
    if (!refusals.has((error as NodeJS.ErrnoException).code ?? "")) throw error;
  }
  const fallback = action.fallback;
  if (!fallback)
    throw new Error(
      `${action.path}: the system refused a symbolic link, and its target (${action.target}) is not installed, so there is nothing to copy instead`,
    );
  if (fallback.kind === "copy-folder") return copyFolder(action.path, fallback, abs, writer);
  const stat = createFile(writer.fs, abs, writer.bytesOf(fallback.content), fallback.executable);
  writer.wrote(action.path, stat, fallback.content.sha256);
  return { kind: fallback.kind, sha256: fallback.content.sha256, executable: fallback.executable };
}

/**
 * The target folder's files, written into `<link>.agentc-tmp` and renamed to the link's path once complete:
 * a reader never sees half a folder, and a rollback removes either folder file by file (journal.ts).
 */
function copyFolder(path: string, fallback: FallbackFolder, abs: string, writer: LinkWriter): LinkOutcome {
  const temp = `${abs}${tempSuffix}`;
  writer.fs.makeDir(temp);
  for (const dir of foldersOf(fallback.files.map((f) => f.rel))) writer.fs.makeDir(join(temp, dir));
  const files: CopiedFile[] = fallback.files.map((f) => {
    const stat = createFile(writer.fs, join(temp, f.rel), writer.bytesOf(f.content), f.executable);
    writer.wrote(`${path}/${f.rel}`, stat, f.content.sha256);
    return { rel: f.rel, sha256: f.content.sha256, executable: f.executable };
  });
  writer.fs.renameFolder(temp, abs);
  return { kind: "copy-folder", files };
}
