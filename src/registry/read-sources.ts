import { type Dirent, readdirSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { diagnostic } from "../diagnostics/check-meta.js";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { registryFilesAreReadable } from "../documents/checks/registry-files-are-readable.js";
import type { JsonDocument } from "../documents/json-document.js";
import { maxRuleFileBytes, readText } from "../documents/text-file.js";
import { remoteSourceFetched } from "./checks/remote-source-fetched.js";
import type { Rule, SourceEntry, SourcesConfig } from "./model.js";
import { fetchRemoteSource } from "./remote-source.js";
import { parseRuleFile, type RuleFileSource } from "./rule-file.js";

export interface ReadSourcesOptions {
  offline?: boolean;
  cacheDir: string;
  fetchTimeoutMs?: number;
}

interface SourceContext {
  root: string;
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
  root: string,
  config: SourcesConfig,
  document: JsonDocument,
  options: ReadSourcesOptions,
  diagnostics: Diagnostic[],
): Promise<Rule[]> {
  const context: SourceContext = { root, document, options, diagnostics };
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
  if (fetched.ok) return parseInto(url, fetched.text, origin, context.diagnostics);
  const { source, sourceIndex } = origin;
  context.diagnostics.push(
    diagnostic(remoteSourceFetched, {
      position: context.document.positionOf(["sources", sourceIndex, "url"]),
      message: `Source "${source.name}": fetching ${url} failed (${fetched.reason}); using the folder ${source.path}`,
    }),
  );
  return undefined;
}

function readFolder(origin: RuleFileSource, context: SourceContext): Rule[] {
  const { root, diagnostics } = context;
  const source: SourceEntry = origin.source;
  const files = listMarkdown(join(root, source.path));
  if (!files.ok) {
    diagnostics.push(
      diagnostic(registryFilesAreReadable, {
        position: context.document.positionOf(["sources", origin.sourceIndex, "path"]),
        message: `The folder "${source.path}" of source "${source.name}" ${files.reason}`,
        hint: "Create the folder, fix 'path', or set \"enabled\": false.",
      }),
    );
    return [];
  }
  const rules: Rule[] = [];
  for (const file of files.paths) {
    const rel = relative(root, file).split(sep).join("/");
    const read = readText(file, maxRuleFileBytes);
    if (read.ok) rules.push(...parseInto(rel, read.text, origin, diagnostics));
    else diagnostics.push(unreadable(rel, read.reason));
  }
  return rules;
}

function parseInto(file: string, text: string, origin: RuleFileSource, diagnostics: Diagnostic[]): Rule[] {
  const parsed = parseRuleFile(file, text, origin);
  diagnostics.push(...parsed.diagnostics);
  return parsed.rules;
}

function unreadable(file: string, reason: string): Diagnostic {
  const hint = unreadableHints.find(([pattern]) => pattern.test(reason))?.[1];
  return diagnostic(registryFilesAreReadable, {
    position: { file, line: 1, column: 1 },
    message: `${file} ${reason}`,
    ...(hint ? { hint } : {}),
  });
}

type Listing = { ok: true; paths: string[] } | { ok: false; reason: string };

/**
 * Every entry named *.md below folder, sorted by code point, except in hidden folders (.git, the fetch
 * cache) and node_modules. Entries that are not regular files (folders,
 * links, devices) are listed too: reading them follows links and reports the rest instead of skipping them.
 */
function listMarkdown(folder: string): Listing {
  try {
    const entries = readdirSync(folder, { recursive: true, withFileTypes: true });
    const paths = entries
      .filter((e) => e.name.toLowerCase().endsWith(".md") && !inSkippedFolder(relative(folder, parentOf(e))))
      .map((e) => join(parentOf(e), e.name))
      .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    return { ok: true, paths };
  } catch (error) {
    return { ok: false, reason: describeFolderError((error as NodeJS.ErrnoException).code) };
  }
}

function inSkippedFolder(relativeFolder: string): boolean {
  return relativeFolder
    .split(sep)
    .some((segment) => (segment.startsWith(".") && segment !== ".") || segment === "node_modules");
}

function parentOf(entry: Dirent): string {
  return entry.parentPath ?? (entry as unknown as { path: string }).path;
}

function describeFolderError(code: string | undefined): string {
  if (code === "ENOENT") return "does not exist";
  if (code === "ENOTDIR") return "is a file, expected a folder";
  return `cannot be read (${code})`;
}
