import { diagnostic } from "../diagnostics/check-meta.js";
import type { Diagnostic, Position } from "../diagnostics/diagnostic.js";
import type { RegistryReader } from "../documents/registry-reader.js";
import { coreFileNameWellFormed } from "./checks/core-file-name-well-formed.js";
import { coreNameMatchesPath } from "./checks/core-name-matches-path.js";

/** The portable name form: lowercase words joined by single hyphens, at most 64 characters. */
export const portableName = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const maxNameLength = 64;

export function checkPathName(name: string, path: string, diagnostics: Diagnostic[]): void {
  if (portableName.test(name) && name.length <= maxNameLength) return;
  diagnostics.push(
    diagnostic(coreFileNameWellFormed, {
      position: { file: path, line: 1, column: 1 },
      message: `"${name}" (${path}) is not a portable name: lowercase letters, digits and single hyphens, at most ${maxNameLength} characters`,
    }),
  );
}

/** What each folder of core/ holds, for messages about entries that do not belong there. */
export const folderHolds = {
  rules: "one <name>.md file per rule",
  skills: "one folder per skill, holding SKILL.md",
  agents: "one <name>.md file per agent",
  commands: "one <name>.md file per command",
} as const;

/** Reports an entry no client would ever see. */
export function strayEntry(path: string, why: string, holds: string, diagnostics: Diagnostic[]): void {
  diagnostics.push(
    diagnostic(coreFileNameWellFormed, {
      position: { file: path, line: 1, column: 1 },
      message: `${path} ${why}, so no client would see it`,
      hint: `Move or rename it: this folder holds ${holds}.`,
    }),
  );
}

export function checkNameMatchesPath(
  name: string,
  pathName: string,
  what: "folder" | "file",
  position: Position,
  diagnostics: Diagnostic[],
): void {
  if (name === pathName) return;
  diagnostics.push(
    diagnostic(coreNameMatchesPath, {
      position,
      message: `name "${name}" differs from its ${what} name "${pathName}"`,
    }),
  );
}

/**
 * Each `<name>.md` file of a core folder, loaded by `load`; any other entry is reported as stray and
 * every name is checked.
 */
export function eachMarkdownFile<T>(
  reader: RegistryReader,
  folder: string,
  holds: string,
  diagnostics: Diagnostic[],
  load: (name: string, path: string) => T | undefined,
): T[] {
  return reader.entries(folder).flatMap((entry) => {
    if (entry.isFolder || !entry.name.endsWith(".md")) {
      strayEntry(entry.path, entry.isFolder ? "is a folder" : "is not a .md file", holds, diagnostics);
      return [];
    }
    const name = entry.name.slice(0, -".md".length);
    checkPathName(name, entry.path, diagnostics);
    const loaded = load(name, entry.path);
    return loaded === undefined ? [] : [loaded];
  });
}
