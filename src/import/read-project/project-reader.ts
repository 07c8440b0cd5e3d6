import { lstatSync, readlinkSync } from "node:fs";
import { join } from "node:path";
import type { Diagnostic } from "../../diagnostics/diagnostic.js";
import { RegistryReader } from "../../documents/registry-reader.js";
import type { ProjectEntry, ProjectRead } from "../../packs/shared/items/read-context.js";
import { foldedKey, pathProblem } from "../../shared/path-check.js";

export type { ProjectEntry, ProjectRead };

export type ProjectText =
  | { ok: true; text: string; bytes: Buffer }
  | { ok: false; reason: string; reported: boolean; hint?: string };

/**
 * Reads a project for `agentc import`, and only reads, through the load stage's one safe reader: every
 * path is project-relative, a link that leads out of the project (or into a loop) is refused and
 * reported by the reader, never followed. Nothing here writes.
 */
export class ProjectReader {
  readonly root: string;
  readonly #reader: RegistryReader;
  readonly #twins = new Map<string, string>();
  readonly #dangling = new Map<string, string>();
  readonly #installable: boolean;

  /**
   * `installable`: read only what agentc could install again (import): a listing leaves out the later of two
   * names that differ only in case, and a path agentc cannot install is not read. Lint reads what the client
   * reads, on the file system it runs on, and leaves it off.
   */
  constructor(root: string, { installable = false }: { installable?: boolean } = {}) {
    this.#reader = new RegistryReader(root, "", undefined, "the project");
    this.root = this.#reader.root;
    this.#installable = installable;
  }

  /**
   * Paths a listing left out because an earlier one of it differs from them only in case (Style.mdc beside
   * style.mdc, skill.md beside SKILL.md): one file on macOS and Windows, so a registry holding both could not be
   * installed there. Each with the path it is one file with.
   */
  get caseTwins(): [path: string, twin: string][] {
    return [...this.#twins].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  }

  /**
   * The links met at a place an assistant reads whose target does not exist (an absolute link to a folder on
   * the author's machine, .cursor/commands -> /Users/…): nothing is read through them, on this machine by the
   * assistant either. Each with its link text, sorted by path.
   */
  get danglingLinks(): [path: string, target: string][] {
    return [...this.#dangling].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  }

  /** What the reader refused (links out of the project, loops, paths past the limits), once each. */
  get diagnostics(): Diagnostic[] {
    return this.#reader.diagnostics;
  }

  entry(path: string): ProjectEntry {
    const found = this.#reader.resolve(path);
    const link = linkText(join(this.root, path));
    const linked = link === undefined ? {} : { link };
    if (found.kind === "file")
      return { kind: "file", size: found.size, executable: found.executable, ...linked };
    if (found.kind === "folder") return { kind: "folder", ...linked };
    if (found.kind === "refused") return { kind: "refused" };
    if (link !== undefined) this.#dangling.set(path, link);
    return { kind: found.kind };
  }

  readBytes(path: string, limit: number): ProjectRead {
    const refused = this.#installable ? uninstallable(path) : undefined;
    if (refused) return refused;
    const read = this.#reader.readBytes(path, limit);
    return read.ok ? read : { ok: false, reason: read.reason, reported: read.reported };
  }

  readText(path: string, limit: number): ProjectText {
    const refused = this.#installable ? uninstallable(path) : undefined;
    if (refused) return refused;
    const bytes = this.#reader.readBytes(path, limit);
    if (!bytes.ok) return { ok: false, reason: bytes.reason, reported: bytes.reported };
    const text = this.#reader.readText(path, limit);
    return text.ok
      ? { ok: true, text: text.text, bytes: bytes.bytes }
      : { ok: false, reason: text.reason, reported: text.reported };
  }

  /** Project-relative paths of the entries of a folder, by name (hidden ones only when asked). */
  list(folder: string, hidden = false): string[] {
    this.entry(folder); // notes the folder when it is a link that leads nowhere (danglingLinks)
    return this.#distinct(this.#reader.entries(folder, { hidden }).map((entry) => entry.path));
  }

  /** Whether the path, or a folder above it, is a symbolic link. */
  throughLink(path: string): boolean {
    return this.linkOf(path) !== undefined;
  }

  /** The path itself or the folder above it that is a symbolic link, the outermost one; undefined if none. */
  linkOf(path: string): string | undefined {
    const parts = path.split("/");
    const at = parts.findIndex((_, i) => linkText(join(this.root, ...parts.slice(0, i + 1))) !== undefined);
    return at < 0 ? undefined : parts.slice(0, at + 1).join("/");
  }

  /** Files below a folder, depth first by name, hidden ones left out; loops are reported, not followed. */
  filesBelow(folder: string): string[] {
    this.entry(folder); // as list
    return this.#distinct(this.#reader.filesBelow(folder));
  }

  /** The paths, without those that are one file with an earlier one where case is folded (recorded). */
  #distinct(paths: string[]): string[] {
    if (!this.#installable) return paths;
    const spelled = new Map<string, string>();
    return paths.filter((path) => {
      const key = foldedKey(path);
      const twin = spelled.get(key);
      if (twin === undefined) {
        spelled.set(key, path);
        return true;
      }
      this.#twins.set(path, twin);
      return false;
    });
  }
}

/**
 * A path agentc cannot install anywhere (a segment Windows reserves, as `con` or `aux.mdc`; a character it forbids;
 * a name macOS wrote in decomposed Unicode): a registry carrying its item would build a bundle the installer
 * refuses, so import does not read it, and the file stays the project's own.
 */
function uninstallable(
  path: string,
): { ok: false; reason: string; reported: false; hint: string } | undefined {
  const problem = pathProblem(path);
  return problem
    ? {
        ok: false,
        reason: `${problem}, a path agentc cannot install, so it is not imported`,
        reported: false,
        hint: "Rename it in the project if the registry should carry it (agentc installs no such path on any system); as it is, agentc install leaves it alone and its assistant reads it as before.",
      }
    : undefined;
}

/** The text of a link (a file linked to the always-on one): the round trip compares links as links. */
function linkText(path: string): string | undefined {
  try {
    return lstatSync(path).isSymbolicLink() ? readlinkSync(path) : undefined;
  } catch {
    return undefined;
  }
}
