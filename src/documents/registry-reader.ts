import {
  type Dirent,
  lstatSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  type Stats,
  statSync,
} from "node:fs";
import { isAbsolute, join, resolve } from "node:path";
import { type CheckMeta, diagnostic } from "../diagnostics/check-meta.js";
import type { Diagnostic, Position } from "../diagnostics/diagnostic.js";
import { isWithin } from "../shared/paths/within-folder.js";
import { secretPathRule } from "../shared/secret-path-rule.js";
import { countWork } from "../shared/work-counts.js";
import { inputWithinLimits, walkLimitFinding } from "./checks/input-within-limits.js";
import { linkLoopFinding, linksFormNoLoop, linkToHolderFinding } from "./checks/links-form-no-loop.js";
import { linkOutsideFinding, readsStayInsideRegistry } from "./checks/reads-stay-inside-registry.js";
import { registryFilesAreReadable, unlistedFolderFinding } from "./checks/registry-files-are-readable.js";
import { secretLeftOutFinding } from "./checks/secret-files-left-out.js";
import { inputLimits, pathLengthProblem } from "./input-limits.js";
import { decodeText, describeFsError, formatBytes } from "./text-file.js";

/** Why a read gave nothing; `reported`: the reader has already said so (a refused link, a loop). */
export interface ReadFailure {
  reason: string;
  check: CheckMeta;
  reported: boolean;
}

export type BytesRead = { ok: true; bytes: Buffer } | ({ ok: false } & ReadFailure);
export type TextRead = { ok: true; text: string } | ({ ok: false } & ReadFailure);

export type Resolved =
  | { kind: "file"; real: string; size: number; executable: boolean }
  | { kind: "folder"; real: string }
  | { kind: "other" }
  | { kind: "missing"; reason: string }
  | { kind: "refused"; failure: ReadFailure };

export interface FolderEntry {
  name: string;
  /** Registry-relative path. */
  path: string;
  isFolder: boolean;
}

export type Listing = { ok: true; entries: FolderEntry[] } | ({ ok: false } & ReadFailure);

interface ListedEntry extends FolderEntry {
  /** Real path, for folders (loop detection). */
  real?: string;
}

export interface WalkOptions {
  /** Hidden entries (names starting with '.') too. */
  hidden?: boolean;
  /** Folders not to enter. */
  skipFolder?: (name: string) => boolean;
  /** Folders listed as if they were files (reading one then says it is a folder). */
  asFile?: (name: string) => boolean;
  /** Files and folders named as secrets by the guard's list are reported (AGC189) and not listed. */
  leaveOutSecrets?: boolean;
}

interface Shared {
  diagnostics: Diagnostic[];
  reported: Set<string>;
}

/**
 * The one way `load` reads a registry: every path is registry-relative, and everything a path or a link on
 * it resolves to must lie inside the fence (the registry folder, or a capability package's folder). A link
 * out of the fence is refused (AGC104), a link loop too (AGC105), and so are paths past the input limits
 * (AGC106); refused links are reported here, once each, so callers only report what they know better.
 */
export class RegistryReader {
  readonly root: string;
  readonly #fence: string;
  readonly #fenceName: string;
  readonly #shared: Shared;
  readonly #resolved = new Map<string, Resolved>();
  /** Plain files met while listing a folder inside the fence: inside it too, so an lstat resolves them. */
  readonly #listedFiles = new Map<string, string>();

  /** `fenceName` names the fence in messages; `agentc import` reads a project through the same reader. */
  constructor(
    root: string,
    fenceDir = "",
    shared: Shared = { diagnostics: [], reported: new Set() },
    fenceName = fenceDir === "" ? "the registry folder" : `the package folder ${fenceDir}`,
  ) {
    this.root = resolve(root);
    this.#fence = realOrResolved(join(this.root, fenceDir));
    this.#fenceName = fenceName;
    this.#shared = shared;
  }

  /** A reader of the same registry whose fence is one of its folders (a capability package). */
  fenced(dir: string): RegistryReader {
    return new RegistryReader(this.root, dir, this.#shared);
  }

  /** What the reader refused so far (links out of the fence, loops, walks past the limit). */
  get diagnostics(): Diagnostic[] {
    return this.#shared.diagnostics;
  }

  resolve(path: string): Resolved {
    let found = this.#resolved.get(path);
    if (!found) {
      const listed = this.#listedFiles.get(path);
      found =
        (listed !== undefined && !pathLengthProblem(path) && listedFile(listed)) ||
        this.#resolveUncached(path);
      this.#resolved.set(path, found);
    }
    return found;
  }

  isExecutable(path: string): boolean {
    const found = this.resolve(path);
    return found.kind === "file" && found.executable;
  }

  readBytes(path: string, limit: number): BytesRead {
    const found = this.resolve(path);
    if (found.kind === "refused") return { ok: false, ...found.failure };
    if (found.kind === "missing") return unreadable(found.reason);
    if (found.kind === "folder") return unreadable("is a folder, expected a file");
    if (found.kind === "other") return unreadable("is not a regular file");
    if (found.size > limit)
      return unreadable(`is ${formatBytes(found.size)}, larger than the limit of ${formatBytes(limit)}`);
    try {
      countWork("files read");
      return { ok: true, bytes: readFileSync(found.real) };
    } catch (error) {
      return unreadable(describeFsError(error));
    }
  }

  readText(path: string, limit: number): TextRead {
    const read = this.readBytes(path, limit);
    if (!read.ok) return read;
    const text = decodeText(read.bytes);
    return text.ok ? text : unreadable(text.reason);
  }

  /** The entries of a folder by name (hidden ones only when asked); refused links are left out. */
  list(folder: string, options: { hidden?: boolean } = {}): Listing {
    const found = this.resolve(folder);
    if (found.kind === "refused") return { ok: false, ...found.failure };
    if (found.kind === "missing") return unreadable(found.reason);
    if (found.kind !== "folder") return unreadable("is a file, expected a folder");
    const entries = this.#entries(folder, found.real, options.hidden ?? false);
    return Array.isArray(entries) ? { ok: true, entries } : unreadable(entries.reason);
  }

  /** As list, with no entries for a folder that is missing or cannot be listed. */
  entries(folder: string, options: { hidden?: boolean } = {}): FolderEntry[] {
    const listing = this.list(folder, options);
    return listing.ok ? listing.entries : [];
  }

  /**
   * Registry-relative paths of the files below a folder, depth first in name order. Links are followed
   * inside the fence; a link to a folder that holds it is a loop (reported, not followed), and a walk stops
   * after the entry limit.
   */
  filesBelow(folder: string, options: WalkOptions = {}): string[] {
    const start = this.resolve(folder);
    if (start.kind !== "folder") return [];
    const files: string[] = [];
    let budget = inputLimits.walkEntries;
    const visit = (dir: string, real: string, ancestors: { real: string; path: string }[]): void => {
      const entries = this.#entries(dir, real, options.hidden ?? false, options.leaveOutSecrets);
      if (!Array.isArray(entries)) {
        this.#report(dir, unlistedFolderFinding(dir, entries.reason));
        return;
      }
      for (const entry of entries) {
        if (--budget < 0) return;
        if (!entry.isFolder || entry.real === undefined || options.asFile?.(entry.name))
          files.push(entry.path);
        else if (!options.skipFolder?.(entry.name)) {
          const loop = ancestors.find((a) => a.real === entry.real);
          if (loop) this.#report(entry.path, linkToHolderFinding(entry.path, loop.path));
          else visit(entry.path, entry.real, [...ancestors, { real: entry.real, path: entry.path }]);
        }
      }
    };
    visit(folder, start.real, [{ real: start.real, path: folder }]);
    if (budget < 0) this.#report(folder, walkLimitFinding(folder, inputLimits.walkEntries));
    return files;
  }

  /** A folder's entries by name; with `leaveOutSecrets`, secrets are reported and left out before hidden names are (so `.env` is named too). */
  #entries(
    folder: string,
    real: string,
    hidden: boolean,
    leaveOutSecrets = false,
  ): ListedEntry[] | { reason: string } {
    let dirents: Dirent[];
    try {
      dirents = readdirSync(real, { withFileTypes: true });
    } catch (error) {
      return { reason: describeFsError(error) };
    }
    const out: ListedEntry[] = [];
    for (const dirent of dirents) {
      const path = folder === "" ? dirent.name : `${folder}/${dirent.name}`;
      if (leaveOutSecrets && this.#isSecret(path, dirent)) continue;
      if (!hidden && dirent.name.startsWith(".")) continue;
      const entry = this.#entry(dirent, path, join(real, dirent.name));
      if (entry) out.push(entry);
    }
    return out.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }

  #isSecret(path: string, dirent: Dirent): boolean {
    const rule = secretPathRule(path);
    if (rule) this.#report(path, secretLeftOutFinding(path, rule, dirent.isDirectory()));
    return rule !== undefined;
  }

  /** A plain entry needs no system call: inside a folder inside the fence, it is inside too. */
  #entry(dirent: Dirent, path: string, real: string): ListedEntry | undefined {
    if (!dirent.isSymbolicLink()) {
      const isFolder = dirent.isDirectory();
      if (isFolder) this.#resolved.set(path, { kind: "folder", real });
      else if (dirent.isFile()) this.#listedFiles.set(path, real);
      return { name: dirent.name, path, isFolder, ...(isFolder ? { real } : {}) };
    }
    const found = this.resolve(path);
    if (found.kind === "refused") return undefined;
    const isFolder = found.kind === "folder";
    return { name: dirent.name, path, isFolder, ...(isFolder ? { real: found.real } : {}) };
  }

  #resolveUncached(path: string): Resolved {
    const tooLong = pathLengthProblem(path);
    if (tooLong) return refused(tooLong, inputWithinLimits, false);
    const full = join(this.root, path);
    if (isAbsolute(path) || !isWithin(full, this.root))
      return refused(`leads outside ${this.#fenceName}`, readsStayInsideRegistry, false);
    let real: string;
    try {
      real = realpathSync.native(full);
    } catch (error) {
      return this.#unresolved(path, full, error as NodeJS.ErrnoException);
    }
    if (!isWithin(real, this.#fence)) return this.#outside(path, real);
    try {
      return resolvedByStat(real, statSync(real));
    } catch (error) {
      return { kind: "missing", reason: describeFsError(error) };
    }
  }

  #unresolved(path: string, full: string, error: NodeJS.ErrnoException): Resolved {
    if (error.code === "ELOOP") {
      this.#report(path, linkLoopFinding(path));
      return refused("is a loop of links", linksFormNoLoop, true);
    }
    if (error.code === "ENAMETOOLONG")
      return refused("is too long a path for the file system", inputWithinLimits, false);
    if (error.code === "ENOENT" && isLink(full))
      return { kind: "missing", reason: `is a link to ${linkText(full)}, which does not exist` };
    return { kind: "missing", reason: describeFsError(error) };
  }

  #outside(path: string, real: string): Resolved {
    const link = this.#escapingLink(path) ?? path;
    const target = linkText(join(this.root, link)) ?? real;
    this.#report(link, linkOutsideFinding(link, target, this.#fenceName));
    return refused(
      `leads outside ${this.#fenceName} through the link ${link}`,
      readsStayInsideRegistry,
      true,
    );
  }

  /** The first link on the path whose target lies outside the fence. */
  #escapingLink(path: string): string | undefined {
    const names = path.split("/");
    for (let i = 1; i <= names.length; i++) {
      const prefix = names.slice(0, i).join("/");
      const full = join(this.root, prefix);
      if (isLink(full) && !isWithin(realOrResolved(full), this.#fence)) return prefix;
    }
    return undefined;
  }

  /** Each check's finding on a path once, however many reads meet it. */
  #report(path: string, finding: Diagnostic): void {
    const key = `${finding.id} ${path}`;
    if (this.#shared.reported.has(key)) return;
    this.#shared.reported.add(key);
    this.#shared.diagnostics.push(finding);
  }
}

/** The diagnostic of a failed read at the caller's position, or none when the reader reported it already. */
export function readFailure(
  failure: ReadFailure,
  position: Position,
  message: string,
  hint?: string,
): Diagnostic[] {
  if (failure.reported) return [];
  return [diagnostic(failure.check, { position, message, ...(hint ? { hint } : {}) })];
}

/** readFailure for a whole file: "<file> <reason>", at its start unless a position is given. */
export function fileReadFailure(
  failure: ReadFailure,
  file: string,
  hint?: string,
  position: Position = { file, line: 1, column: 1 },
): Diagnostic[] {
  return readFailure(failure, position, `${file} ${failure.reason}`, hint);
}

function unreadable(reason: string): { ok: false } & ReadFailure {
  return { ok: false, reason, check: registryFilesAreReadable, reported: false };
}

function refused(reason: string, check: CheckMeta, reported: boolean): Resolved {
  return { kind: "refused", failure: { reason, check, reported } };
}

function realOrResolved(path: string): string {
  try {
    return realpathSync.native(path);
  } catch {
    return resolve(path);
  }
}

function isLink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}

function linkText(path: string): string | undefined {
  try {
    return readlinkSync(path);
  } catch {
    return undefined;
  }
}

function resolvedByStat(real: string, stat: Stats): Resolved {
  if (stat.isDirectory()) return { kind: "folder", real };
  if (stat.isFile()) return { kind: "file", real, size: stat.size, executable: (stat.mode & 0o111) !== 0 };
  return { kind: "other" };
}

/** A file listed as plain that still is one, resolved without realpath; undefined sends it the long way. */
function listedFile(real: string): Resolved | undefined {
  try {
    const stat = lstatSync(real);
    return stat.isFile() ? resolvedByStat(real, stat) : undefined;
  } catch {
    return undefined;
  }
}
