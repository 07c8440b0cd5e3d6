import type { RuleAlwaysTest, RuleFolderRead } from "../clients/model.js";
import { rawFieldValues } from "../documents/raw-fields.js";
import { parseYamlBlock } from "../documents/yaml-frontmatter.js";
import { recoveredFrontmatter } from "../packs/shared/items/recovered-frontmatter.js";
import { closingFenceAt, isFrontmatterFence } from "../shared/frontmatter-fence.js";
import { rawGlobsQuoted } from "../shared/globs/raw-globs.js";
import type { LoadedText } from "./instruction-texts.js";
import type { LoadedItem } from "./listed-items.js";
import type { ProjectTree } from "./project-tree.js";

/** What a rule file means to the client: when it loads, and the text it adds. */
export interface RuleMeaning {
  always: boolean;
  /** The file's globs (its folder's globs_field), sorted; empty for an unconditional rule. */
  globs: string[];
  /** The text after the frontmatter, trimmed. */
  body: string;
}

/**
 * The rule files of the client's rule folders, one item per name (a rule of one name in two folders is a
 * copy: no client is known to keep only one), and the unconditional ones as texts too. `rawFields` are the
 * frontmatter fields the client reads as written (its pack's `rule_triggers.raw_fields`).
 */
export function ruleFiles(
  folders: readonly RuleFolderRead[],
  tree: ProjectTree,
  rawFields: readonly string[] = [],
): { items: LoadedItem[]; texts: LoadedText[] } {
  const byName = new Map<string, string[]>();
  const texts: LoadedText[] = [];
  const seen = new Set<string>();
  for (const folder of folders) {
    const dir = folder.dir.replace(/\/+$/, "");
    for (const path of tree.filesUnder(dir)) {
      const name = path.slice(dir.length + 1, path.length - folder.extension.length);
      if (folder.recursive === false && name.includes("/")) continue;
      const text = tree.text(path);
      if (!path.endsWith(folder.extension) || text === undefined || seen.has(path)) continue;
      seen.add(path);
      byName.set(name, [...(byName.get(name) ?? []), path]);
      if (alwaysBy(folder.always_when, () => fieldsIn(tree, text, rawFields)))
        texts.push({ path, via: "rule", source: tree.linkTarget(path) ?? path, text });
    }
  }
  const items = [...byName].map(([name, [path = "", ...copies]]) => ({
    kind: "rule" as const,
    name,
    path,
    copies,
    shadowed: [],
  }));
  return { items, texts };
}

/** The folder of the client's read model a rule file lies in. */
export function ruleFolderOf(folders: readonly RuleFolderRead[], path: string): RuleFolderRead | undefined {
  return folders.find((f) => path.startsWith(`${f.dir.replace(/\/+$/, "")}/`) && path.endsWith(f.extension));
}

/**
 * When a rule file of a folder loads and what it says, for comparing two files of one rule. A globs field the
 * client reads as written (in `rawFields`) is split at its commas as written; one with quotes or brackets
 * (`["**\/*.py"]`) is one glob with them, which is what such a client holds: it matches nothing.
 */
export function ruleMeaning(
  folder: RuleFolderRead,
  text: string,
  rawFields: readonly string[] = [],
): RuleMeaning {
  const always = loadsAlways(folder.always_when, text, rawFields);
  const fields = frontmatterFields(text, rawFields) ?? {};
  const raw = folder.globs_field ? fields[folder.globs_field] : undefined;
  const asWritten =
    typeof raw === "string" && rawFields.includes(folder.globs_field ?? "") && rawGlobsQuoted(raw);
  const list = Array.isArray(raw)
    ? raw.map(String)
    : asWritten
      ? [raw]
      : typeof raw === "string"
        ? raw.split(",")
        : [];
  const globs = always
    ? []
    : list
        .map((g) => g.trim())
        .filter((g) => g !== "")
        .sort();
  return { always, globs, body: bodyOf(text) };
}

/** Whether a rule file's frontmatter puts it into every session. */
export function loadsAlways(
  when: RuleFolderRead["always_when"],
  text: string,
  rawFields: readonly string[] = [],
): boolean {
  return alwaysBy(when, () => frontmatterFields(text, rawFields));
}

function alwaysBy(
  when: RuleFolderRead["always_when"],
  fieldsOf: () => Record<string, unknown> | undefined,
): boolean {
  if (when === "every-file") return true;
  const fields = fieldsOf();
  if (fields === undefined) return false;
  return when.every((test) => passes(test, fields));
}

/** Frontmatter values by text, for one tree: every client's read model asks about the same rule files. */
const fieldsByTree = new WeakMap<ProjectTree, Map<string, Record<string, unknown> | undefined>>();

function fieldsIn(
  tree: ProjectTree,
  text: string,
  rawFields: readonly string[],
): Record<string, unknown> | undefined {
  let known = fieldsByTree.get(tree);
  if (!known) {
    known = new Map();
    fieldsByTree.set(tree, known);
  }
  const key = `${rawFields.join(",")}\0${text}`;
  if (!known.has(key)) known.set(key, frontmatterFields(text, rawFields));
  return known.get(key);
}

function passes(test: RuleAlwaysTest, fields: Record<string, unknown>): boolean {
  const value = fields[test.field];
  const absent = value === undefined || value === null;
  if (test.absent) return absent;
  return (absent && test.or_absent === true) || (test.equals !== undefined && value === test.equals);
}

function bodyOf(text: string): string {
  const lines = text.split("\n");
  if (!isFrontmatterFence(lines[0])) return text.trim();
  const close = closingFenceAt(lines);
  return lines
    .slice(close + 1)
    .join("\n")
    .trim();
}

/**
 * The frontmatter as values ({} without one; undefined when it is never closed). The fields the client reads
 * as written (`rawFields`) are their text after "key:", as import reads them; the rest is YAML, or where YAML
 * refuses it, YAML as the item readers recover it (recovered-frontmatter.ts). A block that is still not YAML
 * is read line by line as `key: value`.
 */
export function frontmatterFields(
  text: string,
  rawFields: readonly string[] = [],
): Record<string, unknown> | undefined {
  const lines = text.split("\n").map((line) => line.replace(/\r$/, ""));
  if (!isFrontmatterFence(lines[0])) return {};
  const close = closingFenceAt(lines);
  if (close < 0) return undefined;
  const block = lines.slice(1, close);
  const recovered = () => recoveredFrontmatter(text, rawFields)?.text.split("\n").slice(1, close);
  return yamlFields(block, rawFields) ?? yamlFields(recovered(), rawFields) ?? lineFields(block);
}

/** The block's values, where it is YAML but for the fields read as written. */
function yamlFields(block: string[] | undefined, rawFields: readonly string[]) {
  if (!block) return undefined;
  const raw = rawFieldValues("frontmatter", block, rawFields);
  const yaml = parseYamlBlock("frontmatter", raw.yamlLines.join("\n"), 2).parsed?.value;
  return yaml ? { ...yaml, ...raw.values } : undefined;
}

function lineFields(lines: string[]): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const line of lines) {
    const colon = line.indexOf(":");
    if (colon <= 0 || /^\s/.test(line)) continue;
    const value = line.slice(colon + 1).trim();
    fields[line.slice(0, colon).trim()] = value === "true" ? true : value === "false" ? false : value;
  }
  return fields;
}
