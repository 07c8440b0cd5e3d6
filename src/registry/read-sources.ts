import { checkThirdPartyText } from "../dependencies/content-check.js";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { registryFilesAreReadable } from "../documents/checks/registry-files-are-readable.js";
import type { JsonDocument } from "../documents/json-document.js";
import {
  fileReadFailure,
  type ReadFailure,
  type RegistryReader,
  readFailure,
} from "../documents/registry-reader.js";
import { maxRuleFileBytes } from "../documents/text-file.js";
import { sha256 } from "../shared/hash.js";
import { nearestName } from "../shared/nearest-name.js";
import { baseName, joinPath, parentPath } from "../shared/posix-path.js";
import { fetchFailedFinding } from "./checks/remote-source-fetched.js";
import type { FetchedSource, Rule, SourceEntry, SourcesConfig } from "./model.js";
import { fetchRemoteSource } from "./remote-source.js";
import { parseRuleFile, type RuleFileSource } from "./rules/rule-file.js";

export interface ReadSourcesOptions {
  offline?: boolean;
  cacheDir: string;
  fetchTimeoutMs?: number;
}

interface SourceContext {
  reader: RegistryReader;
  fetched: FetchedSource[];
  document: JsonDocument;
  options: ReadSourcesOptions;
  diagnostics: Diagnostic[];
}

/** How to fix a rule file that cannot be read, by the reason text/text-file.ts gives. */
const unreadableHints: [RegExp, string][] = [
  [/larger than the limit/, "Split the file into several rule files; one file may hold at most 4 MiB."],
  [/binary|UTF-8/, "Save the file as UTF-8 Markdown text, or move it out of the source folder."],
  [/permission/, "Make the file readable by the user running agentc (chmod a+r)."],
  [/folder/, "Rename the folder so its name does not end in '.md'; rule files in sub-folders are read too."],
];

/** Reads every enabled source, in sources.json order; files of a folder in code-point order of their path. */
export async function readSources(
  reader: RegistryReader,
  config: SourcesConfig,
  document: JsonDocument,
  options: ReadSourcesOptions,
  diagnostics: Diagnostic[],
  fetched: FetchedSource[] = [],
): Promise<Rule[]> {
  const context: SourceContext = { reader, fetched, document, options, diagnostics };
  const rules: Rule[] = [];
  for (const [sourceIndex, source] of config.sources.entries()) {
    if (source.enabled === false) continue;
    const origin = { source, sourceIndex };
    const remote = source.url ? await readRemote(source.url, origin, context) : undefined;
    rules.push(...(remote ?? readFolder(origin, context)));
  }
  return rules;
}

/** The rules of a source's url, or undefined (with a warning) when the folder must be used instead. */
async function readRemote(
  url: string,
  origin: RuleFileSource,
  context: SourceContext,
): Promise<Rule[] | undefined> {
  const { options } = context;
  const fetched = await fetchRemoteSource(url, {
    cacheDir: options.cacheDir,
    offline: options.offline ?? false,
    ...(options.fetchTimeoutMs ? { timeoutMs: options.fetchTimeoutMs } : {}),
  });
  if (fetched.ok) {
    context.fetched.push({ name: origin.source.name, url, sha256: sha256(fetched.text) });
    context.diagnostics.push(...checkThirdPartyText(url, fetched.text, `source "${origin.source.name}"`));
    return parseInto(url, fetched.text, origin, context.diagnostics);
  }
  const { source, sourceIndex } = origin;
  const position = context.document.positionOf(["sources", sourceIndex, "url"]);
  context.diagnostics.push(fetchFailedFinding(source, url, fetched.reason, position));
  return undefined;
}

function readFolder(origin: RuleFileSource, context: SourceContext): Rule[] {
  const { reader, diagnostics } = context;
  const source: SourceEntry = origin.source;
  const folder = source.path.replace(/^(\.\/)+/, "").replace(/\/+$/, "");
  const listing = reader.list(folder);
  if (!listing.ok) {
    diagnostics.push(
      ...readFailure(
        listing,
        context.document.positionOf(["sources", origin.sourceIndex, "path"]),
        `The folder "${source.path}" of source "${source.name}" ${listing.reason}`,
        `${folderDidYouMean(reader, folder)}Create the folder, fix 'path', or set "enabled": false.`,
      ),
    );
    return [];
  }
  const rules: Rule[] = [];
  for (const file of listMarkdown(reader, folder)) {
    const read = reader.readText(file, maxRuleFileBytes);
    if (!read.ok) {
      diagnostics.push(...unreadable(file, read));
      continue;
    }
    if (source.kind === "community")
      diagnostics.push(...checkThirdPartyText(file, read.text, `source "${source.name}"`));
    rules.push(...parseInto(file, read.text, origin, diagnostics));
  }
  return rules;
}

function parseInto(file: string, text: string, origin: RuleFileSource, diagnostics: Diagnostic[]): Rule[] {
  const parsed = parseRuleFile(file, text, origin);
  diagnostics.push(...parsed.diagnostics);
  return parsed.rules;
}

function unreadable(file: string, failure: ReadFailure): Diagnostic[] {
  const hint =
    failure.check === registryFilesAreReadable
      ? unreadableHints.find(([pattern]) => pattern.test(failure.reason))?.[1]
      : undefined;
  return fileReadFailure(failure, file, hint);
}

const isMarkdown = (name: string): boolean => name.toLowerCase().endsWith(".md");

/**
 * Every entry named *.md below a source folder, sorted by code point, except in hidden folders (.git, the
 * fetch cache) and node_modules. A folder named *.md is listed too, so that reading it reports it.
 */
function listMarkdown(reader: RegistryReader, folder: string): string[] {
  return reader
    .filesBelow(folder, {
      hidden: true,
      skipFolder: (name) => name.startsWith(".") || name === "node_modules",
      asFile: isMarkdown,
    })
    .filter((path) => isMarkdown(path.slice(path.lastIndexOf("/") + 1)))
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** A did-you-mean among the folders beside a missing source folder ("sources/taem" → "sources/team"). */
function folderDidYouMean(reader: RegistryReader, folder: string): string {
  const parent = parentPath(folder);
  const siblings = reader.entries(parent === "" ? "." : parent).filter((e) => e.isFolder);
  const near = nearestName(
    baseName(folder),
    siblings.map((e) => e.name),
  );
  return near ? `Did you mean "${joinPath(parent, near)}"? ` : "";
}
