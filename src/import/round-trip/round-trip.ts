import { builtinClientPacks } from "../../clients/load-client-packs.js";
import { placeThere, settingsPlaces } from "../../clients/settings-places.js";
import type { Diagnostic } from "../../diagnostics/diagnostic.js";
import type { EmittedTree } from "../../emit/emitted-tree.js";
import type { CompileResult } from "../../pipeline/compile.js";
import { linkLeadsTo, maxLinkHops } from "../../shared/posix-path.js";
import { differenceFindings } from "../checks/round-trip-reproduces.js";
import type { NativeFile } from "../model.js";
import type { ProjectReader } from "../read-project/project-reader.js";
import { carriesNothing, compareNative, type Difference } from "./compare-native.js";
import { type Installed, installedView } from "./installed-view.js";

/**
 * Takes the written registry's build (in memory) and compares what an install into a copy of the project without
 * its native files would write with the native files: each difference is one AGC129 at the native file.
 * A file import could not read (AGC127) is not compared: what the build writes there says nothing of it.
 * Errors of the build itself are returned as they are, their files named inside `outLabel`. `rewritten`:
 * the native files read that the install writes again as files or links of its own; `composed`: those it
 * composes its values into.
 */
export function roundTrip(
  result: CompileResult,
  outLabel: string,
  natives: NativeFile[],
  reader: ProjectReader,
  alwaysOn: string | undefined,
  items: ItemsRead = new Map(),
): { diagnostics: Diagnostic[]; rewritten: string[]; composed: string[] } {
  if (!result.ok || !result.tree || !result.manifest) {
    const errors = result.diagnostics.filter((d) => d.severity === "error");
    return {
      // a file of the package (<agentc>/clients/…) or of a dependency is no file below --out
      diagnostics: errors.map((d) => (d.file.startsWith("<") ? d : { ...d, file: `${outLabel}/${d.file}` })),
      rewritten: [],
      composed: [],
    };
  }
  const read = new Map(natives.map((file) => [file.path, file]));
  const view = inTheirPlaces(installedView(result.tree, result.manifest), read, reader);
  const differences: Difference[] = [];
  const links = linksTo(read);
  const composedEmpty = new Set(
    result.tree.composed.filter((c) => c.entries.length === 0 && !view.has(c.path)).map((c) => c.path),
  );
  for (const file of read.values()) {
    if (file.unreadable || (!file.bytes && file.linkTarget === undefined)) continue;
    const installed = view.get(file.path) ?? view.get(throughFolderLinks(reader, file.path));
    const found = installed
      ? compareNative(file, installed, targetBytes(installed, read, view))
      : composedEmpty.has(file.path)
        ? keptUnderOwnNames(file)
        : notWritten(file, alwaysOn, links.get(file.path) ?? [], writtenAs(result.tree, items, file.path));
    if (found) differences.push(found);
  }
  const missing: string[] = [];
  for (const [path, installed] of view) {
    if (read.has(path)) continue;
    const found = written(path, installed, reader);
    if (found === "missing") missing.push(path);
    else if (found) differences.push(found);
  }
  differences.push(...alsoWritten(missing));
  const diagnostics = differenceFindings(differences);
  // Files and links the install writes whole where the project has one: they must make way for it.
  const installedAs = (kinds: Installed["kind"][]) =>
    [...read.values()]
      .filter((file) => {
        const kind = view.get(file.path)?.kind;
        return !file.unreadable && kind !== undefined && kinds.includes(kind);
      })
      .map((file) => file.path)
      .sort();
  return { diagnostics, rewritten: installedAs(["file", "link"]), composed: installedAs(["composed"]) };
}

/**
 * The view with each settings file the project does not have moved to the one other place of it the project
 * has, where install composes it (src/install/plan/composed-places.ts).
 */
function inTheirPlaces(
  view: Map<string, Installed>,
  read: Map<string, NativeFile>,
  reader: ProjectReader,
): Map<string, Installed> {
  const places = settingsPlaces(builtinClientPacks());
  const isFile = (path: string) => {
    const file = read.get(path);
    return file !== undefined && !file.unreadable && file.bytes !== undefined && !reader.throughLink(path);
  };
  const placed = new Map<string, Installed>();
  for (const [path, installed] of view) {
    const others = installed.kind === "composed" && !read.has(path) ? (places.get(path) ?? []) : [];
    const { place } = placeThere(others, isFile);
    placed.set(place !== undefined && !view.has(place) ? place : path, installed);
  }
  return placed;
}

function targetBytes(
  installed: Installed,
  read: Map<string, NativeFile>,
  view: Map<string, Installed>,
): Buffer | undefined {
  if (installed.kind !== "link") return undefined;
  const target = view.get(installed.target);
  return (target?.kind === "file" ? target.bytes : undefined) ?? read.get(installed.target)?.bytes;
}

/**
 * The path a file of the project is at when a folder on its way is the project's link (one client's rule
 * folder linking to another's): what the build writes there is what the link shows. The path itself where no
 * folder link leads inside the project.
 */
function throughFolderLinks(reader: ProjectReader, path: string, depth = 0): string {
  const parts = path.split("/");
  for (let i = parts.length - 1; i >= 1 && depth < maxLinkHops; i--) {
    const folder = parts.slice(0, i).join("/");
    const entry = reader.entry(folder);
    if (entry.kind !== "folder" || !("link" in entry) || entry.link === undefined) continue;
    const target = linkLeadsTo(folder, entry.link);
    if (target === undefined) return path;
    return throughFolderLinks(reader, [target, ...parts.slice(i)].join("/"), depth + 1);
  }
  return path;
}

/** The links among the files read, by the path each leads to. */
function linksTo(read: Map<string, NativeFile>): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const file of read.values()) {
    const target = file.linkTarget === undefined ? undefined : linkLeadsTo(file.path, file.linkTarget);
    if (target !== undefined) out.set(target, [...(out.get(target) ?? []), file.path]);
  }
  return out;
}

/** A core item a native file was read as. */
export interface ItemRead {
  kind: "rule" | "skill" | "agent" | "command";
  name: string;
}

/** The core item each native file was read as, by its path (a skill's by its folder). */
export type ItemsRead = ReadonlyMap<string, ItemRead>;

/** "rule review, which the build writes as <its path>": where the file's item is written now. */
function writtenAs(tree: EmittedTree, items: ItemsRead, path: string): string | undefined {
  const folder = [...items.keys()].find((p) => path.startsWith(`${p}/`));
  const item = items.get(path) ?? (folder ? items.get(folder) : undefined);
  if (!item) return undefined;
  const kinds = item.kind === "skill" ? ["skill"] : [item.kind];
  const paths = [
    ...new Set(
      tree.files
        .filter((f) => f.client?.name === item.name && kinds.includes(f.client.kind))
        .map((f) => f.path),
    ),
  ].sort();
  if (paths.length === 0) return undefined;
  const shown = paths.length > 3 ? [...paths.slice(0, 3), `${paths.length - 3} more`] : paths;
  return `${item.kind} ${item.name}, which the build writes as ${shown.join(", ")}`;
}

/** A settings file the build composes no value into while the registry is as imported (src/emit/native-values.ts): none of its keys is one the build composes. */
function keptUnderOwnNames(file: NativeFile): Difference {
  return {
    position: { file: file.path, line: 1, column: 1 },
    severity: "info",
    message: `the build of the imported registry composes nothing into ${file.path} while core/*.json is as imported: the file holds none of the keys it composes, so it stays as it is and its assistant reads it as before`,
    hint: "Nothing to do. Once core/*.json is edited, the build composes its own values there.",
  };
}

function notWritten(
  file: NativeFile,
  alwaysOn: string | undefined,
  linkedFrom: string[],
  item?: string,
): Difference {
  // a link is no text of its own: agentc install leaves it, and its assistant reads the target through it
  if (file.linkTarget !== undefined)
    return {
      position: { file: file.path, line: 1, column: 1 },
      severity: "info",
      message: `the build of the imported registry writes no ${file.path}: it is the project's link to ${file.linkTarget}, which stays as it is, so its assistant reads ${file.linkTarget} through it as before`,
      hint: "Nothing to do.",
    };
  // the always-on file is a link to this one (another client's instruction file): removing it, as the
  // warning below advises for a copy, would leave the always-on file a dangling link
  if (alwaysOn !== undefined && linkedFrom.includes(alwaysOn))
    return {
      position: { file: file.path, line: 1, column: 1 },
      severity: "info",
      message: `the build of the imported registry writes no ${file.path}: ${alwaysOn} is a link to it, and the build writes its text as ${alwaysOn}; agentc install leaves both as they are, so each assistant reads them as before`,
      hint: `Nothing to do. Keep ${file.path}: ${linkedFrom.join(", ")} ${linkedFrom.length === 1 ? "leads" : "lead"} to it.`,
    };
  if (file.refused)
    return {
      position: { file: file.path, line: 1, column: 1 },
      severity: "info",
      message: `the build of the imported registry writes no ${file.path}: the registry refuses a value of its item (reported above), so it stays the project's file and its assistant reads it as before`,
      hint: "Nothing to do; fix the value and import again if the registry should carry the item.",
    };
  if (file.keptBecause)
    return {
      position: { file: file.path, line: 1, column: 1 },
      severity: "info",
      message: `the build of the imported registry writes no ${file.path}: ${file.keptBecause}, so it stays the project's file and its assistant reads it as before`,
      hint: "Nothing to do; agentc install leaves the file alone.",
    };
  if (file.unclaimedBy) return unclaimed(file, file.unclaimedBy);
  if (file.nothingCarried)
    return {
      position: { file: file.path, line: 1, column: 1 },
      severity: "info",
      message: `the build of the imported registry writes no ${file.path}: import took nothing from it (reported above), so it stays the project's file and its assistant reads it as before`,
      hint: "Nothing to do; remove the file if it holds nothing its assistant needs.",
    };
  if (file.unwritable)
    return {
      position: { file: file.path, line: 1, column: 1 },
      severity: "info",
      message: `the build of the imported registry writes no ${file.path}: its client has no placeholder for the $ARGUMENTS its prompt says (reported above), so it stays the project's file and its assistant reads it as before`,
      hint: "Nothing to do; word the prompt without $ARGUMENTS and import again if the registry should carry it for that client.",
    };
  if (file.onlyImports && alwaysOn)
    return {
      position: { file: file.path, line: 1, column: 1 },
      severity: "info",
      message: `the build of the imported registry writes no ${file.path}, which only imports ${alwaysOn}: agentc install leaves it alone, so its assistant reads ${alwaysOn} through it as before`,
      hint: `Keep it, or remove it where its assistant reads ${alwaysOn} without it (the pack's reads in clients/ says so).`,
    };
  if (carriesNothing(file))
    return {
      position: { file: file.path, line: 1, column: 1 },
      severity: "info",
      message: `the build of the imported registry composes nothing into ${file.path}: the registry carries none of its values (each is named above), so it stays the project's file and its assistant reads it as before`,
      hint: "Nothing to do; express a value in core/ by hand if the registry should carry it.",
    };
  const moved = file.instructions && alwaysOn;
  const where = moved
    ? `its text is in ${alwaysOn}, which the build writes for every assistant`
    : item
      ? `the registry has it as ${item}`
      : "what import read from it is in the registry, and the build writes it where its format puts it";
  return {
    position: { file: file.path, line: 1, column: 1 },
    severity: "warning",
    message: `the build of the imported registry writes no ${file.path}; ${where}`,
    hint: moved
      ? "agentc install leaves the file alone; an assistant that reads both would read its text twice: remove the file, or its rules from the registry's sources/imported/."
      : item
        ? "agentc install leaves the file alone: an assistant that reads both loads the item twice, so remove the file, unless its assistant reads only it."
        : "agentc install leaves files it does not write alone: keep the file if its assistant should still read it there, else remove it.",
  };
}

/** A file at a place several assistants write, none of which import could tell the project uses. */
function unclaimed(file: NativeFile, writers: string[]): Difference {
  return {
    position: { file: file.path, line: 1, column: 1 },
    severity: "warning",
    message:
      writers.length === 1
        ? `the build of the imported registry writes no ${file.path}: it was read as ${writers[0]}'s, which writes there, and no file of the project is one that only ${writers[0]} reads, so it is not in targets.json`
        : `the build of the imported registry writes no ${file.path}: ${writers.join(", ")} write there, and no file of the project is one that only one of them reads, so none of them is in targets.json`,
    hint: `Import again with --from naming the assistant that reads it (e.g. --from ${writers[0]},…), or add it to builtin_clients in targets.json; what import read from the file is in the registry.`,
  };
}

/**
 * A file the build writes that the project has with other bytes without import having read it (a warning:
 * the install would meet it), or "missing" where the project lacks it.
 */
function written(
  path: string,
  installed: Installed,
  reader: ProjectReader,
): Difference | "missing" | undefined {
  const entry = reader.entry(path);
  if (entry.kind === "missing") return "missing";
  if (entry.kind === "file" && installed.kind === "file") {
    const read = reader.readBytes(path, installed.bytes.length);
    if (read.ok && read.bytes.equals(installed.bytes)) return undefined;
  }
  return {
    position: { file: path, line: 1, column: 1 },
    severity: "warning",
    message: `the build also writes ${path}, which the project has with other content that import did not read`,
    hint: "agentc install will stop at that file (it never overwrites a file it did not write); move it, or leave the item out of the registry.",
  };
}

/** How many files a finding about many names before it counts the rest. */
const filesNamed = 5;

function named(files: string[]): string {
  const rest = files.length - filesNamed;
  return `${files.slice(0, filesNamed).join(", ")}${rest > 0 ? `, and ${rest} more` : ""}`;
}

/**
 * Files the build writes that the project lacks, one info per top folder (the registry now gives each item
 * to every assistant it targets, so there are many): at the first, naming them all.
 */
function alsoWritten(paths: string[]): Difference[] {
  const byFolder = new Map<string, string[]>();
  for (const path of [...paths].sort()) {
    const folder = path.includes("/") ? `${path.split("/")[0]}/` : path;
    byFolder.set(folder, [...(byFolder.get(folder) ?? []), path]);
  }
  return [...byFolder].map(([folder, files]) => ({
    position: { file: files[0] ?? folder, line: 1, column: 1 },
    severity: "info",
    message:
      files.length === 1
        ? `the build also writes ${files[0]}, which the project does not have`
        : `the build also writes ${files.length} files in ${folder}, which the project does not have: ${named(files)}`,
    hint: "The registry gives each item to every assistant it targets; take an assistant out of builtin_adapters or builtin_clients in targets.json (or import with --from) if it should not get it.",
    related: files.slice(1).map((file) => ({
      position: { file, line: 1, column: 1 },
      message: "the build writes it, the project does not have it",
    })),
  }));
}
