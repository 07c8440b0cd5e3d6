import { existsSync, statSync } from "node:fs";
import { relative, resolve } from "node:path";
import { capRepeats } from "../diagnostics/cap-repeats.js";
import { type Diagnostic, hasErrors, sortDiagnostics } from "../diagnostics/diagnostic.js";
import { type CompileResult, compileRegistry } from "../pipeline/compile.js";
import { nativeIndex } from "../registry/native-copies.js";
import { isAtOrBelow } from "../shared/posix-path.js";
import { builtinAssistantData, chooseAssistants, sharedAlwaysOn } from "./assistants.js";
import { leftOutFinding, nativeContentImported } from "./checks/native-content-imported.js";
import { refusedReadFindings, unreadableFinding } from "./checks/native-files-readable.js";
import { claimedByFound } from "./merge/claimed-by-found.js";
import { finalizeItems } from "./merge/finalize-items.js";
import { mergeItems } from "./merge/merge-items.js";
import { shareOwnInstructionFiles } from "./merge/shared-own-files.js";
import type { AssistantData, AssistantImport, ImportedItems } from "./model.js";
import { detectedAssistants, placeSharers } from "./native-places.js";
import { caseVariantPlaces } from "./read-project/case-variant-places.js";
import { linksReadTwice } from "./read-project/links-read-twice.js";
import { nestedInstructionFiles } from "./read-project/nested-instructions.js";
import { ProjectReader } from "./read-project/project-reader.js";
import { ownFolder, readAssistant } from "./read-project/read-assistant.js";
import { importLines } from "./read-project/read-instructions.js";
import { unwrittenReads } from "./read-project/unwritten-reads.js";
import { type ItemRead, type ItemsRead, roundTrip } from "./round-trip/round-trip.js";
import { importedBudgets } from "./write-registry/imported-budgets.js";
import { importedTrust } from "./write-registry/imported-trust.js";
import { itemClients, nativeCopies, unwritableCommandFiles } from "./write-registry/native-copies.js";
import {
  type KeptAsImported,
  type RegistryFile,
  registryFiles,
  type TargetChoice,
  targetsFile,
} from "./write-registry/registry-files.js";
import { outFolderProblem, rewriteRegistryFile, writeRegistry } from "./write-registry/write-registry.js";

export interface ImportOptions {
  /** Assistant ids (`--from a,b`); all of them when absent. */
  from?: string[];
}

export type ImportResult =
  | { kind: "usage"; message: string; hint: string }
  | { kind: "nothing"; message: string; hint: string; diagnostics: Diagnostic[] }
  | {
      kind: "imported";
      ok: boolean;
      diagnostics: Diagnostic[];
      /** Registry files written, and the project's native files read (the round trip compares those). */
      files: string[];
      read: string[];
      /** Of `read`, the files an install of the built registry writes again as its own (not composed into). */
      rewritten: string[];
      /** Of `read`, the settings files the install composes its values into. */
      composed: string[];
      assistants: string[];
    };

/**
 * `agentc import <project> --out <registry>`: reads the native files of every chosen assistant (never
 * writing into the project), writes one registry of their neutral form into a new or empty folder, and
 * reports the round trip: what building that registry would install differently (docs/import.md).
 */
export async function importProject(
  project: string,
  out: string,
  options: ImportOptions = {},
): Promise<ImportResult> {
  if (!existsSync(project) || !statSync(project).isDirectory())
    return {
      kind: "usage",
      message: `${project} is not a folder, expected the project to import`,
      hint: "name the project's folder: agentc import path/to/project --out my-registry",
    };
  const outProblem = outFolderProblem(project, out);
  if (outProblem)
    return {
      kind: "usage",
      message: outProblem,
      hint: "choose a new or empty --out folder outside the project",
    };
  const all = builtinAssistantData();
  const choice = chooseAssistants(all, options.from);
  if (!choice.ok)
    return {
      kind: "usage",
      message: choice.message,
      hint: "--from takes assistant ids, separated by commas",
    };
  const reader = new ProjectReader(project, { installable: true });
  const alwaysOn = sharedAlwaysOn(all).path;
  const imports = importLines(all, alwaysOn);
  const seen = new Set<string>();
  const read = choice.chosen.map((assistant) => readAssistant(reader, assistant, imports, seen, alwaysOn));
  const diagnostics = [
    // several assistants read one folder (.agents/skills): a finding about a file there is said once
    ...onceEach(read.flatMap((r) => r.diagnostics)),
    ...nestedInstructionFiles(reader, choice.chosen),
    ...unwrittenReads(reader, choice.chosen),
    ...caseVariantPlaces(reader, choice.chosen, alwaysOn),
    ...refusals(reader),
    ...danglingLinks(reader),
    ...caseTwins(reader),
  ];
  // Assistants --from names are the person's word; otherwise only a file of its own tells one is used.
  const found = options.from ? read.filter((r) => r.files.length > 0) : detectedAssistants(read, alwaysOn);
  if (read.every((r) => r.files.length === 0)) return nothingRead(project, options.from, diagnostics);
  // In reading order, so that earlier assistants keep winning where two carry one name.
  const readings = read.filter((r) => r.files.length > 0);
  const loadedByFound = shareOwnInstructionFiles(read, found);
  for (const file of readings.filter((r) => !found.includes(r)).flatMap((r) => r.files)) {
    const sharers = placeSharers(file.path, read, alwaysOn);
    // a found assistant reads it too: its text went to the always-on file, or it is the unfound ones' item
    const unfound = sharers.filter((id) => !found.some((r) => r.assistant.id === id));
    if (unfound.length < sharers.length && (file.instructions || loadedByFound.has(file.path))) continue;
    if (sharers.length > 0) file.unclaimedBy = unfound.length < sharers.length ? unfound : sharers;
  }
  const merged = mergeItems(readings, alwaysOn);
  const final = finalizeItems(claimedByFound(merged.items, read, found, alwaysOn));
  const twice = linksReadTwice(found, reader);
  const targets = targetChoice(found, all, reader, twice.adapters);
  const own = itemClients(final.items, targets.clients);
  // a skill's native is its folder: every file below it is reached through the same link
  const linkedOnly = (path: string) => own.throughLinksOnly.some((item) => isAtOrBelow(path, item));
  const { files, diagnostics: carried, refused } = registryFiles(own.items, targets);
  const natives = readings.flatMap((r) => r.files);
  for (const file of natives)
    if (linkedOnly(file.path))
      file.keptBecause =
        "it is reached only through a link of the project, which stays as it is (reported above)";
  const components = [...targets.adapters, ...targets.clients];
  const settings = found.flatMap(({ assistant, files: read }) =>
    read.filter((f) => f.composed !== undefined).map((f) => ({ path: f.path, component: assistant.id })),
  );
  const context = { natives, reader, assistants: all, components, settings, out };
  for (const [path, file] of nativeCopies(own.items, files, context)) files.set(path, file);
  writeRegistry(out, files);
  for (const file of natives) if (refused.includes(file.path)) file.refused = true;
  const unwritable = unwritableCommandFiles(own.items, all);
  for (const file of natives) if (unwritable.includes(file.path)) file.unwritable = true;
  const outLabel = relative(resolve(project), resolve(out));
  const built = await buildAsImported(out, outLabel, (kept) => {
    const file = targetsFile(own.items, targets, kept);
    // native.json hashes targets.json for the settings files: it is written again with the new one's hash
    files.set("targets.json", file);
    const index = nativeCopies(own.items, files, context).get(nativeIndex);
    if (index) rewriteRegistryFile(out, nativeIndex, index);
    return file;
  });
  const trip = roundTrip(built.compiled, outLabel, natives, reader, alwaysOn, itemsRead(own.items));
  const reported = capRepeats(
    sortDiagnostics([
      ...[...diagnostics, ...merged.diagnostics, ...twice.diagnostics, ...final.diagnostics].filter(
        (d) => !(d.id === nativeContentImported.id && linkedOnly(d.file)),
      ),
      ...own.diagnostics,
      ...carried,
      ...built.diagnostics,
      ...trip.diagnostics,
    ]),
  );
  return {
    kind: "imported",
    ok: !hasErrors(reported),
    diagnostics: reported,
    files: [...files.keys()].sort(),
    read: [
      ...new Set(
        natives.filter((f) => !f.unreadable && (f.bytes || f.linkTarget !== undefined)).map((f) => f.path),
      ),
    ].sort(),
    rewritten: trip.rewritten,
    composed: trip.composed,
    assistants: found.map((r) => r.assistant.id),
  };
}

/**
 * The written registry's build, as agentc build makes it. Where it is over the seed's budgets, or writes
 * a trust key the project's settings hold, targets.json keeps the project as it is (budgets of its measured
 * size, trust_overrides: "imported as is", with a warning each) and the registry is built again.
 */
async function buildAsImported(
  out: string,
  outLabel: string,
  targets: (kept: KeptAsImported) => RegistryFile,
): Promise<{ compiled: CompileResult; diagnostics: Diagnostic[] }> {
  const compiled = await compileRegistry(out, { offline: true });
  const at = { file: `${outLabel}/targets.json`, line: 1, column: 1 };
  const measured = importedBudgets(compiled, at);
  const trust = importedTrust(compiled, at);
  if (!measured && !trust) return { compiled, diagnostics: [] };
  const file = targets({
    ...(measured ? { budgets: measured.budgets } : {}),
    ...(trust ? { trustOverrides: trust.overrides } : {}),
  });
  rewriteRegistryFile(out, "targets.json", file);
  const lines = file.bytes.toString("utf8").split("\n");
  const atKey = (key: string) => (d: Diagnostic) => ({
    ...d,
    line: Math.max(lines.findIndex((l) => l.includes(`"${key}"`)) + 1, 1),
    column: 3,
  });
  const diagnostics = [
    ...(measured?.diagnostics.map(atKey("budgets")) ?? []),
    ...(trust?.diagnostics.map(atKey("trust_overrides")) ?? []),
  ];
  return { compiled: await compileRegistry(out, { offline: true }), diagnostics };
}

/** Paths that are one file with another where case is folded: left out, they stay the project's own. */
function caseTwins(reader: ProjectReader): Diagnostic[] {
  return reader.caseTwins.map(([path, twin]) =>
    leftOutFinding({
      position: { file: path, line: 1, column: 1 },
      message: `${path} is one file with ${twin} on case-insensitive file systems (macOS, Windows): not imported, it stays the project's own file`,
      hint: `Rename or remove one of the two in the project if the registry should carry both; as it is, ${twin} is imported and agentc install leaves ${path} alone.`,
    }),
  );
}

/** Links at the assistants' places that lead nowhere here: nothing behind them could be read. */
function danglingLinks(reader: ProjectReader): Diagnostic[] {
  return reader.danglingLinks.map(([path, target]) =>
    unreadableFinding(
      { file: path, line: 1, column: 1 },
      `${path} is a link to ${target}, which does not exist here: nothing is read through it, and it stays the project's own`,
      "Its assistant finds nothing there on this machine either. To share what it leads to, keep those files in the project and make the link relative to its folder (or drop the link), then run agentc import again.",
    ),
  );
}

/** Links out of the project and loops, as the reader refused them: files import could not read. */
function refusals(reader: ProjectReader): Diagnostic[] {
  return refusedReadFindings(reader.diagnostics);
}

/**
 * The packs of the assistants found, and their adapters where an adapter is more than the pack: always the
 * adapter of the one always-on file, an assistant without a pack, an adapter whose links the project
 * has (a file linked to the always-on one): a project without that link gets none from the build either (its
 * own file there is the pack's, kept as a native copy). Not an adapter whose install would import the
 * always-on file where its client did not read it (an import line beside the person's own instruction file):
 * the imported registry reproduces what each assistant loaded, and the person adds that adapter when its client
 * should read AGENTS.md too. Nor an adapter whose link a client found reads twice (`leftOut`, links-read-twice.ts).
 */
function targetChoice(
  found: AssistantImport[],
  all: AssistantData[],
  reader: ProjectReader,
  leftOut: ReadonlySet<string>,
): TargetChoice {
  const single = all.filter((a) => a.adapter?.global_placement === "single_file").map((a) => a.id);
  const wanted = (assistant: AssistantData) => {
    const install = assistant.adapter?.install;
    const links = install?.adapter_symlinks ?? [];
    const isLink = (path: string) => {
      const entry = reader.entry(path);
      return "link" in entry && entry.link !== undefined;
    };
    return !assistant.pack || (links.some((link) => isLink(link.link)) && !leftOut.has(assistant.id));
  };
  const adapters = found.flatMap(({ assistant }) =>
    assistant.adapter && wanted(assistant) ? [assistant.id] : [],
  );
  const alone = found.flatMap(({ assistant }) =>
    assistant.adapter && !assistant.pack && ownFolder(assistant.adapter) ? [assistant.id] : [],
  );
  return {
    adapters: [...new Set([...single, ...adapters])],
    clients: found.flatMap(({ assistant }) => (assistant.pack ? [assistant.id] : [])),
    ...(alone.length > 0 ? { alone } : {}),
  };
}

/** The diagnostics without repeats: the same check, severity, place and message once. */
function onceEach(diagnostics: Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  return diagnostics.filter((d) => {
    const key = JSON.stringify([d.id, d.severity, d.file, d.line, d.column, d.message]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * No file of any assistant read into the registry. Files the findings name were found but stay the project's
 * own (a folder no adapter writes, an unreadable file): saying "found no native file" after listing them would
 * contradict the lines above, and --from would not change what they say.
 */
function nothingRead(
  project: string,
  from: string[] | undefined,
  diagnostics: Diagnostic[],
): Extract<ImportResult, { kind: "nothing" }> {
  const which = from ? from.join(", ") : "any assistant agentc knows";
  const reported = new Set(diagnostics.map((d) => d.file)).size;
  if (reported === 0)
    return {
      kind: "nothing",
      message: `found no native file of ${which} in ${project}`,
      hint: "--from names the assistants to read",
      diagnostics,
    };
  const files =
    reported === 1 ? "the file the findings name stays" : `the ${reported} files the findings name stay`;
  return {
    kind: "nothing",
    message: `found nothing ${from ? `of ${which} ` : ""}in ${project} that a registry can carry: ${files} the project's own`,
    hint: "each finding above says what would carry its file; agentc install leaves the files alone",
    diagnostics,
  };
}

/** The core item each native file was read as (a skill by its folder): the round trip says where the build writes it. */
function itemsRead(items: ImportedItems): ItemsRead {
  const out = new Map<string, ItemRead>();
  for (const kind of ["rules", "skills", "agents", "commands"] as const)
    for (const item of items[kind])
      for (const native of item.natives ?? [])
        out.set(native.path, { kind: itemKinds[kind], name: item.name });
  return out;
}

const itemKinds = { rules: "rule", skills: "skill", agents: "agent", commands: "command" } as const;
