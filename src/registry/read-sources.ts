import { readdirSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { diagnostic } from "../checks/check.js";
import { registryFilesAreReadable } from "../checks/load/registry-files-are-readable.js";
import { remoteSourceFetched } from "../checks/load/remote-source-fetched.js";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import type { JsonDocument } from "./json-document.js";
import type { Rule, SourcesConfig } from "./model.js";
import { fetchRemoteSource } from "./remote-source.js";
import { parseRuleFile } from "./rule-file.js";
import { maxRuleFileBytes, readText } from "./text-file.js";

export interface ReadSourcesOptions {
  offline?: boolean;
  cacheDir: string;
  fetchTimeoutMs?: number;
}

/** Reads every enabled source, in sources.json order; files of a folder in code-point order of their path. */
export async function readSources(
  root: string,
  config: SourcesConfig,
  document: JsonDocument,
  options: ReadSourcesOptions,
  diagnostics: Diagnostic[],
): Promise<Rule[]> {
  const rules: Rule[] = [];
  for (const [sourceIndex, source] of config.sources.entries()) {
    if (source.enabled === false) continue;
    const origin = { source, sourceIndex };
    if (source.url) {
      const fetched = await fetchRemoteSource(source.url, {
        cacheDir: options.cacheDir,
        offline: options.offline ?? false,
        ...(options.fetchTimeoutMs ? { timeoutMs: options.fetchTimeoutMs } : {}),
      });
      if (fetched.ok) {
        const parsed = parseRuleFile(source.url, fetched.text, origin);
        diagnostics.push(...parsed.diagnostics);
        rules.push(...parsed.rules);
        continue;
      }
      diagnostics.push(
        diagnostic(remoteSourceFetched, {
          position: document.positionOf(["sources", sourceIndex, "url"]),
          message: `Source "${source.name}": fetching ${source.url} failed (${fetched.reason}); using the folder ${source.path}`,
        }),
      );
    }
    const folder = join(root, source.path);
    const files = listMarkdown(folder);
    if (!files.ok) {
      diagnostics.push(
        diagnostic(registryFilesAreReadable, {
          position: document.positionOf(["sources", sourceIndex, "path"]),
          message: `The folder "${source.path}" of source "${source.name}" ${files.reason}`,
          hint: "Create the folder, fix 'path', or set \"enabled\": false.",
        }),
      );
      continue;
    }
    for (const file of files.paths) {
      const rel = relative(root, file).split(sep).join("/");
      const read = readText(file, maxRuleFileBytes);
      if (!read.ok) {
        diagnostics.push(
          diagnostic(registryFilesAreReadable, {
            position: { file: rel, line: 1, column: 1 },
            message: `${rel} ${read.reason}`,
          }),
        );
        continue;
      }
      const parsed = parseRuleFile(rel, read.text, origin);
      diagnostics.push(...parsed.diagnostics);
      rules.push(...parsed.rules);
    }
  }
  return rules;
}

function listMarkdown(folder: string): { ok: true; paths: string[] } | { ok: false; reason: string } {
  try {
    const entries = readdirSync(folder, { recursive: true, withFileTypes: true });
    const paths = entries
      .filter((e) => e.isFile() && e.name.toLowerCase().endsWith(".md"))
      .map((e) => join(e.parentPath ?? (e as unknown as { path: string }).path, e.name))
      .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    return { ok: true, paths };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return {
      ok: false,
      reason:
        code === "ENOENT"
          ? "does not exist"
          : code === "ENOTDIR"
            ? "is a file, expected a folder"
            : `cannot be read (${code})`,
    };
  }
}
