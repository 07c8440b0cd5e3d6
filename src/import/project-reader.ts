import { lstatSync, readdirSync, readFileSync, readlinkSync, realpathSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { byCodePoint } from "../diagnostics/diagnostic.js";
import { decodeText, describeFsError } from "../documents/text-file.js";
import { isWithin } from "../shared/within-folder.js";

/** What a project path is, seen through the fence: links are followed only while they stay inside. */
export type ProjectEntry =
  | { kind: "missing" }
  | { kind: "file"; size: number; executable: boolean; link?: string }
  | { kind: "folder"; link?: string }
  | { kind: "other" }
  | { kind: "outside"; link: string };

export type ProjectRead = { ok: true; bytes: Buffer } | { ok: false; reason: string };
export type ProjectText = { ok: true; text: string; bytes: Buffer } | { ok: false; reason: string };

/**
 * Reads a project for `agentc import`, and only reads: every path is project-relative, and a path whose
 * links lead out of the project folder is refused, never followed. Nothing here writes.
 */
export class ProjectReader {
  readonly root: string;
  readonly #fence: string;

  constructor(root: string) {
    this.root = resolve(root);
    this.#fence = realpathSync.native(this.root);
  }

  entry(path: string): ProjectEntry {
    const full = join(this.root, path);
    const link = linkText(full);
    let real: string;
    try {
      real = realpathSync.native(full);
    } catch {
      return { kind: "missing" };
    }
    if (!isWithin(real, this.#fence)) return { kind: "outside", link: link ?? real };
    const linked = link === undefined ? {} : { link };
    try {
      const stat = statSync(real);
      if (stat.isDirectory()) return { kind: "folder", ...linked };
      if (stat.isFile())
        return { kind: "file", size: stat.size, executable: (stat.mode & 0o111) !== 0, ...linked };
      return { kind: "other" };
    } catch {
      return { kind: "missing" };
    }
  }

  readBytes(path: string, limit: number): ProjectRead {
    const found = this.entry(path);
    if (found.kind === "outside")
      return {
        ok: false,
        reason: `is a link to ${found.link}, outside the project; import never follows it`,
      };
    if (found.kind === "missing") return { ok: false, reason: "does not exist" };
    if (found.kind === "folder") return { ok: false, reason: "is a folder, expected a file" };
    if (found.kind === "other") return { ok: false, reason: "is not a regular file" };
    if (found.size > limit) return { ok: false, reason: `is larger than the limit of ${limit} bytes` };
    try {
      return { ok: true, bytes: readFileSync(join(this.root, path)) };
    } catch (error) {
      return { ok: false, reason: describeFsError(error) };
    }
  }

  readText(path: string, limit: number): ProjectText {
    const read = this.readBytes(path, limit);
    if (!read.ok) return read;
    const text = decodeText(read.bytes);
    return text.ok ? { ok: true, text: text.text, bytes: read.bytes } : text;
  }

  /** Project-relative paths of the entries of a folder, by name; hidden ones only when asked. */
  list(folder: string, hidden = false): string[] {
    if (this.entry(folder).kind !== "folder") return [];
    try {
      return readdirSync(join(this.root, folder))
        .filter((name) => hidden || !name.startsWith("."))
        .sort(byCodePoint)
        .map((name) => `${folder}/${name}`);
    } catch {
      return [];
    }
  }

  /** Files below a folder, depth first by name; folders that are links out are returned as paths to refuse. */
  filesBelow(folder: string, hidden = false, seen: Set<string> = new Set()): string[] {
    const real = this.#realOf(folder);
    if (real === undefined || seen.has(real)) return [];
    const next = new Set([...seen, real]);
    return this.list(folder, hidden).flatMap((path) =>
      this.entry(path).kind === "folder" ? this.filesBelow(path, hidden, next) : [path],
    );
  }

  #realOf(folder: string): string | undefined {
    try {
      return realpathSync.native(join(this.root, folder));
    } catch {
      return undefined;
    }
  }
}

function linkText(path: string): string | undefined {
  try {
    return lstatSync(path).isSymbolicLink() ? readlinkSync(path) : undefined;
  } catch {
    return undefined;
  }
}
