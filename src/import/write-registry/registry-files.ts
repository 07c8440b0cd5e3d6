import type { Diagnostic } from "../../diagnostics/diagnostic.js";
import { inputLimits } from "../../documents/input-limits.js";
import type { Budgets, TrustOverride } from "../../registry/model.js";
import { importedAdapterSourcePath, importedSourcePath } from "../../registry/registry-folder.js";
import { baseName } from "../../shared/posix-path.js";
import type { ImportedInstructions, ImportedItems, ImportedScoped } from "../model.js";
import { carriedMatter, describedWithin } from "./carried-values.js";
import { coreFiles } from "./core-files.js";
import { projectLinks } from "./project-links.js";
import { json, markdown, type RegistryFile, schema } from "./registry-file.js";

export type { RegistryFile } from "./registry-file.js";

/** Which built-ins the registry's targets.json chooses: the assistants whose native files were found. */
export interface TargetChoice {
  adapters: string[];
  clients: string[];
  /**
   * Of `adapters`, those of assistants without a client pack that read only the adapter's own folder (not
   * the always-on file every other assistant shares): the shared always-on text is not theirs.
   */
  alone?: string[];
}

export const importedSource = importedSourcePath;

/** The registry for the merged items: sources.json, targets.json, the always-on rules and core/. */
export function registryFiles(
  items: ImportedItems,
  choice: TargetChoice,
): { files: Map<string, RegistryFile>; diagnostics: Diagnostic[]; refused: string[] } {
  const files = new Map<string, RegistryFile>();
  const diagnostics: Diagnostic[] = [];
  const text = (path: string, content: string) =>
    files.set(path, { bytes: Buffer.from(content), executable: false });
  text("sources.json", json(sourcesJson(items, choice)));
  files.set("targets.json", targetsFile(items, choice));
  for (const { path, file } of importedSourceFiles(items))
    if (!("globs" in file)) text(path, `${file.sections.map((s) => s.text).join("\n\n")}\n`);
    else {
      const position = { file: file.file, line: 1, column: 1 };
      const candidate = {
        label: "the scoped rule",
        kind: "scoped rule",
        position,
        schema: "rule-frontmatter",
      } as const;
      const description = describedWithin(candidate, file.description, diagnostics);
      const written = { scope: "scoped", globs: file.globs, ...(description ? { description } : {}) };
      const matter = carriedMatter(candidate, written, diagnostics);
      if (!matter) continue;
      const body = file.sections.map((s) => s.text).join("\n\n");
      text(path, markdown(matter, body));
    }
  const core = coreFiles(items, diagnostics);
  for (const [path, file] of core.files) files.set(path, file);
  return { files, diagnostics, refused: core.refused };
}

/**
 * "01-AGENTS.md", "02-<folder>-<file>.md", "03-<file>.md": numbered, because a source is
 * read in code-point order and AGENTS.md keeps its sections first; always *.md, which a source reads.
 */
export function sourceFileName(index: number, width: number, native: string): string {
  const name = native.replace(/^\.+/, "").replaceAll("/", "-");
  const prefix = `${String(index + 1).padStart(width, "0")}-`;
  let stem = name.replace(/\.md$/, "");
  // The number keeps names unique; a native name near the 255 bytes a file system takes is shortened.
  while (Buffer.byteLength(`${prefix}${stem}.md`) > inputLimits.nameBytes)
    stem = [...stem].slice(0, -1).join("");
  return `${prefix}${stem}.md`;
}

/**
 * The always-on and scoped files of the project, each with the registry file it becomes: the shared text in
 * sources/imported/, the text of an assistant's own rule folder in sources/imported-<adapter>/ (scoped rules in
 * `scoped/` of each), numbered per source in reading order.
 */
export function importedSourceFiles(
  items: Pick<ImportedItems, "instructions" | "scoped">,
): { path: string; file: ImportedInstructions | ImportedScoped }[] {
  const out: { path: string; file: ImportedInstructions | ImportedScoped }[] = [];
  for (const adapter of sourceAdapters(items)) {
    const folder = adapter === undefined ? importedSource : importedAdapterSourcePath(adapter);
    const mine = <T extends ImportedInstructions>(files: T[]) => files.filter((f) => f.adapter === adapter);
    const instructions = mine(items.instructions);
    const width = Math.max(2, String(instructions.length).length);
    instructions.forEach((file, index) => {
      out.push({ path: `${folder}/${sourceFileName(index, width, file.file)}`, file });
    });
    mine(items.scoped).forEach((file, index) => {
      out.push({ path: `${folder}/scoped/${sourceFileName(index, width, file.file)}`, file });
    });
  }
  return out;
}

/** The sources of the imported files: undefined for the shared one, first, then each adapter's by id. */
function sourceAdapters(items: Pick<ImportedItems, "instructions" | "scoped">): (string | undefined)[] {
  const files = [...items.instructions, ...items.scoped];
  const own = [...new Set(files.flatMap((f) => (f.adapter ? [f.adapter] : [])))].sort();
  return [...(files.some((f) => f.adapter === undefined) ? [undefined] : []), ...own];
}

function sourcesJson(items: ImportedItems, choice: TargetChoice): object {
  // The scoped rules of sources/imported/scoped/ need the source as much as the always-on text does.
  // an adapter whose assistant read the shared text too (its module held all of it) writes it as well
  const readers = (items.sharedReaders ?? []).map((r) => r.adapter);
  const alone = (choice.alone ?? []).filter((a) => !readers.includes(a));
  const shared = alone.length > 0 ? { adapters: choice.adapters.filter((a) => !alone.includes(a)) } : {};
  const sources = sourceAdapters(items).map((adapter) =>
    adapter === undefined
      ? { name: "imported", kind: "custom", path: importedSource, enabled: true, ...shared }
      : {
          name: baseName(importedAdapterSourcePath(adapter)),
          kind: "custom",
          path: importedAdapterSourcePath(adapter),
          enabled: true,
          adapters: [adapter],
        },
  );
  return { $schema: schema("sources"), version: 1, sources };
}

/** What targets.json keeps of the project as it is: budgets of its size, the trust keys its settings hold. */
export interface KeptAsImported {
  budgets?: Budgets;
  trustOverrides?: TrustOverride[];
}

/**
 * targets.json: the built-ins chosen, the policies the project had, its folders that are links to another
 * assistant's, and budgets and trust overrides where the project as it is needs them.
 */
export function targetsFile(
  items: ImportedItems,
  choice: TargetChoice,
  { budgets, trustOverrides }: KeptAsImported = {},
): RegistryFile {
  const links = projectLinks(items);
  const targets = {
    $schema: schema("targets"),
    version: 1,
    builtin_adapters: choice.adapters,
    builtin_clients: choice.clients.length > 0 ? choice.clients : "none",
    ...(Object.keys(items.policies).length > 0 ? { client_policies: items.policies } : {}),
    ...(Object.keys(links).length > 0 ? { project_links: links } : {}),
    ...(budgets ? { budgets } : {}),
    ...(trustOverrides ? { trust_overrides: trustOverrides } : {}),
    secret_guard: items.guard,
  };
  return { bytes: Buffer.from(json(targets)), executable: false };
}
