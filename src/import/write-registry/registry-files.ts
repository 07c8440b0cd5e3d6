import type { Diagnostic } from "../../diagnostics/diagnostic.js";
import { inputLimits } from "../../documents/input-limits.js";
import type { Budgets, TrustOverride } from "../../registry/model.js";
import { importedSourcePath } from "../../registry/registry-folder.js";
import type { ImportedItems } from "../model.js";
import { carriedMatter, describedWithin } from "./carried-values.js";
import { coreFiles } from "./core-files.js";
import { json, markdown, type RegistryFile, schema } from "./registry-file.js";

export type { RegistryFile } from "./registry-file.js";

/** Which built-ins the registry's targets.json chooses: the assistants whose native files were found. */
export interface TargetChoice {
  adapters: string[];
  clients: string[];
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
  text("sources.json", json(sourcesJson(items)));
  files.set("targets.json", targetsFile(items, choice));
  const width = Math.max(2, String(items.instructions.length).length);
  items.instructions.forEach((file, index) => {
    text(
      `${importedSource}/${sourceFileName(index, width, file.file)}`,
      `${file.sections.map((s) => s.text).join("\n\n")}\n`,
    );
  });
  items.scoped.forEach((file, index) => {
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
    if (!matter) return;
    const body = file.sections.map((s) => s.text).join("\n\n");
    text(`${importedSource}/scoped/${sourceFileName(index, width, file.file)}`, markdown(matter, body));
  });
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

function sourcesJson(items: ImportedItems): object {
  // The scoped rules of sources/imported/scoped/ need the source as much as the always-on text does.
  const sources =
    items.instructions.length + items.scoped.length > 0
      ? [{ name: "imported", kind: "custom", path: importedSource, enabled: true }]
      : [];
  return { $schema: schema("sources"), version: 1, sources };
}

/** What targets.json keeps of the project as it is: budgets of its size, the trust keys its settings hold. */
export interface KeptAsImported {
  budgets?: Budgets;
  trustOverrides?: TrustOverride[];
}

/**
 * targets.json: the built-ins chosen, the policies the project had, and budgets and trust overrides where
 * the project as it is needs them.
 */
export function targetsFile(
  items: ImportedItems,
  choice: TargetChoice,
  { budgets, trustOverrides }: KeptAsImported = {},
): RegistryFile {
  const targets = {
    $schema: schema("targets"),
    version: 1,
    builtin_adapters: choice.adapters,
    builtin_clients: choice.clients.length > 0 ? choice.clients : "none",
    ...(Object.keys(items.policies).length > 0 ? { client_policies: items.policies } : {}),
    ...(budgets ? { budgets } : {}),
    ...(trustOverrides ? { trust_overrides: trustOverrides } : {}),
    secret_guard: items.guard,
  };
  return { bytes: Buffer.from(json(targets)), executable: false };
}
