import type { Diagnostic, Position } from "../diagnostics/diagnostic.js";
import type { RegistryReader } from "../documents/registry-reader.js";
import { pathNameFinding, strayEntryFinding } from "./checks/core-file-name-well-formed.js";
import { nameMismatchFinding } from "./checks/core-name-matches-path.js";

export { maxNameLength, portableName } from "./portable-name.js";

export function checkPathName(name: string, path: string, diagnostics: Diagnostic[]): void {
  const finding = pathNameFinding(name, path);
  if (finding) diagnostics.push(finding);
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
  diagnostics.push(strayEntryFinding(path, why, holds));
}

export function checkNameMatchesPath(
  name: string,
  pathName: string,
  what: "folder" | "file",
  position: Position,
  diagnostics: Diagnostic[],
): void {
  const finding = nameMismatchFinding(name, pathName, what, position);
  if (finding) diagnostics.push(finding);
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
