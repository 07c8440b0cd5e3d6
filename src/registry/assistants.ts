import { byCodePoint, type Diagnostic } from "../diagnostics/diagnostic.js";
import { dataFileFinding, unknownChoiceFinding } from "../documents/checks/config-matches-schema.js";
import type { JsonDocument } from "../documents/json-document.js";
import { packageDataFiles, readPackageData } from "../documents/package-data.js";
import { nearestName } from "../documents/schema-validation.js";
import { builtinAssistantsDir } from "../shared/package-paths.js";
import { loadConfigFile } from "./config-file.js";

/** One assistant a registry can choose (assistants/<id>.json): the built-in adapters and packs that serve it. */
export interface Assistant {
  id: string;
  name: string;
  adapters: string[];
  clients: string[];
}

let cache: Assistant[] | undefined;

/** The assistants shipped in the package's assistants/ folder, sorted by id (trusted package data). */
export function builtinAssistants(): Assistant[] {
  cache ??= packageDataFiles(builtinAssistantsDir, "assistants")
    .map((file) => readPackageData(file).value as Assistant)
    .sort((a, b) => byCodePoint(a.id, b.id));
  return cache;
}

/**
 * Every assistant file validated against assistant.schema.json, named after its id, naming only built-in
 * adapters and packs that exist: the diagnostics, empty when all are valid.
 */
export function checkBuiltinAssistants(adapterIds: string[], clientIds: string[]): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const file of packageDataFiles(builtinAssistantsDir, "assistants")) {
    const name = file.file.slice("assistants/".length);
    const document = loadConfigFile(builtinAssistantsDir, name, "assistant", diagnostics, file.label);
    if (!document) continue;
    const assistant = document.value as Assistant;
    const problems = [
      ...(`${assistant.id}.json` === name
        ? []
        : [{ at: ["id"], message: `file ${name} declares id "${assistant.id}"` }]),
      ...unknownIds(assistant.adapters, adapterIds, "adapters", "adapter"),
      ...unknownIds(assistant.clients, clientIds, "clients", "client pack"),
    ];
    for (const problem of problems)
      diagnostics.push(
        dataFileFinding(
          document.positionOf(problem.at),
          `${file.label}: ${problem.message}`,
          "An assistant file is named after its id and names only built-in adapters and client packs.",
        ),
      );
  }
  return diagnostics;
}

function unknownIds(ids: string[], known: string[], key: string, what: string) {
  return ids.flatMap((id, index) =>
    known.includes(id) ? [] : [{ at: [key, index], message: `no built-in ${what} "${id}"` }],
  );
}

export type AssistantLookup = { ok: true; chosen: Assistant[] } | { ok: false; message: string };

/** The assistants named by id, in the order named, each once; an unknown id names the nearest known one. */
export function findAssistants(
  ids: readonly string[],
  all: Assistant[] = builtinAssistants(),
): AssistantLookup {
  const known = all.map((a) => a.id);
  const chosen: Assistant[] = [];
  for (const id of ids) {
    const found = all.find((a) => a.id === id);
    if (!found) return { ok: false, message: unknownAssistant(id, known) };
    if (!chosen.includes(found)) chosen.push(found);
  }
  return { ok: true, chosen };
}

function unknownAssistant(id: string, known: string[]): string {
  const near = nearestName(id, known);
  return `unknown assistant "${id}"${near ? ` (did you mean "${near}"?)` : ""}; known: ${known.join(", ")}`;
}

/** What targets.json "assistants" selects: the built-in adapters and client packs of those assistants. */
export interface AssistantSelection {
  /** The ids named, in targets.json order; undefined when the key is absent. */
  ids?: string[];
  adapters?: string[];
  clients?: string[];
}

/**
 * The built-ins of the assistants targets.json names (the union, in id order), each unknown id an AGC002
 * at its place. builtin_adapters and builtin_clients, where given, decide their kind on their own: the
 * caller uses the selection only for a kind targets.json leaves open.
 */
export function assistantSelection(
  targets: { assistants?: string[] },
  document: JsonDocument,
  diagnostics: Diagnostic[],
): AssistantSelection {
  if (!targets.assistants) return {};
  const all = builtinAssistants();
  const known = all.map((a) => a.id);
  const chosen = targets.assistants.flatMap((id, index) => {
    const found = all.find((a) => a.id === id);
    if (found) return [found];
    diagnostics.push(
      unknownChoiceFinding(
        { what: "assistant", id, known, listed: "Assistants" },
        document.positionOf(["assistants", index]),
      ),
    );
    return [];
  });
  const union = (pick: (a: Assistant) => string[]) => [...new Set(chosen.flatMap(pick))].sort(byCodePoint);
  return { ids: targets.assistants, adapters: union((a) => a.adapters), clients: union((a) => a.clients) };
}

/** The built-in adapter and pack ids that serve the named assistants (components of one id are one). */
export function assistantComponentIds(ids: readonly string[]): Set<string> {
  const chosen = builtinAssistants().filter((a) => ids.includes(a.id));
  return new Set(chosen.flatMap((a) => [...a.adapters, ...a.clients]));
}
