import type { ClientPack } from "../../clients/model.js";
import { rawKeys, reverseTemplate } from "../../emit/adapters/read-template.js";
import { parseNativeMarkdown } from "../../packs/shared/items/native-markdown.js";
import { normalised, portable } from "../../packs/shared/items/native-text.js";
import { packPath } from "../../packs/shared/placeholders.js";
import { alwaysOnPath } from "../../registry/install-files.js";
import type { Adapter } from "../../registry/model.js";
import { parentPath } from "../../shared/posix-path.js";
import type { AssistantData } from "../model.js";
import { adjusted, leftOut, nativeText, type ReadContext, start } from "../read-context.js";
import { splitSections } from "./split-sections.js";

/**
 * The always-on files an assistant reads, in the order its data names them: the adapter's always-on file,
 * the files it links to the always-on file, the pack's root instruction file and the ones it also reads.
 */
export function instructionFiles(assistant: AssistantData): string[] {
  const { adapter, pack } = assistant;
  const paths = [
    ...(adapter ? [alwaysOnPath(adapter)] : []),
    ...(adapter?.install?.adapter_symlinks ?? []).map((link) => link.link),
    ...(pack?.root_instruction_file ? [packPath(pack.root_instruction_file, pack.runtime_placeholders)] : []),
    ...(pack?.also_reads?.instruction_files ?? []),
  ];
  return [...new Set(paths.filter((p): p is string => p !== undefined))];
}

/** The always-on files of a client pack itself: its root instruction file and the ones it also reads. */
export function packInstructionFiles(pack: ClientPack): string[] {
  const root = pack.root_instruction_file
    ? [packPath(pack.root_instruction_file, pack.runtime_placeholders)]
    : [];
  return [...root, ...(pack.also_reads?.instruction_files ?? [])];
}

/**
 * The lines by which an always-on file includes the one always-on file of the build, so that they are no
 * text of their own: the line an adapter's link fallback writes ("@AGENTS.md" in a linked file), and a
 * line that is only an import of that file in the form of the pack that reads it ("@AGENTS.md" in a
 * pack's root file). The build writes that file's text, and the sections around such a line, into the
 * always-on file itself, so the line kept as text would make that file import itself.
 */
export function importLines(
  assistants: AssistantData[],
  alwaysOn: string | undefined,
): Map<string, Set<string>> {
  const lines = new Map<string, Set<string>>();
  const add = (file: string, line: string) => lines.set(file, new Set([...(lines.get(file) ?? []), line]));
  for (const link of assistants.flatMap((a) => a.adapter?.install?.adapter_symlinks ?? [])) {
    if (link.fallback !== "import") continue;
    add(link.link, (link.import_template ?? "").replaceAll("{target}", link.target));
  }
  if (alwaysOn === undefined) return lines;
  for (const assistant of assistants)
    for (const form of assistant.pack?.instruction_imports ?? [])
      for (const file of instructionFiles(assistant))
        if (file !== alwaysOn)
          add(file, form.form.replace("<path>", relativePath(parentPath(file), alwaysOn)));
  return lines;
}

/** `path` (project-relative) as written from inside `dir`: "../AGENTS.md" from ".x". */
function relativePath(dir: string, path: string): string {
  const from = dir === "" ? [] : dir.split("/");
  const to = path.split("/");
  let common = 0;
  while (common < from.length && common < to.length - 1 && from[common] === to[common]) common++;
  return [...from.slice(common).map(() => ".."), ...to.slice(common)].join("/");
}

/**
 * One always-on file → its sections, each a global rule of sources/; or, for a file that is a client's own
 * (`own`: a client pack's root instruction file or one it also reads, not the one always-on file every assistant
 * shares), one always-on core rule of that client with the file's whole text, which the build writes back
 * into that file. A link there is the project's: it stays, and nothing is imported from it.
 */
export function readInstructionFile(
  ctx: ReadContext,
  path: string,
  imports: Set<string> | undefined,
  template?: Adapter,
  own = false,
): void {
  const entry = ctx.reader.entry(path);
  if (entry.kind === "missing" || entry.kind === "folder") return;
  const read = nativeText(ctx, path);
  const native = ctx.files.at(-1);
  if (native?.path === path && !own) native.instructions = true;
  if (!read) return;
  const body = bodyOf(ctx, path, normalised(read.text), template);
  const text = withoutImports(ctx, path, body, imports, !own);
  if (text.trim() === "") {
    if (native?.path === path && body.trim() !== "") native.onlyImports = true;
    return;
  }
  if (own) {
    if (!("link" in entry) || entry.link === undefined)
      ctx.items.rules.push({ name: ownRuleName(path), triggers: ["always_on"], body, position: start(path) });
    return;
  }
  ctx.items.instructions.push({ file: path, sections: splitSections(path, text) });
}

/** A pinned always-on module has the adapter's frontmatter; only its text is the rules'. */
function bodyOf(ctx: ReadContext, path: string, text: string, template: Adapter | undefined): string {
  if (!text.startsWith("---\n")) return text;
  const { markdown } = parseNativeMarkdown(path, text, template ? rawKeys(template) : []);
  if (!markdown) return text;
  const unused = template ? reverseTemplate(template, markdown.values).unused : Object.keys(markdown.values);
  for (const key of unused)
    leftOut(ctx, markdown.positionOf(key), `"${key}" of ${path} has no neutral equivalent: not imported`);
  return markdown.body.replace(/^\n+/, "");
}

/** The rule name of a client's own always-on file: its path, portable (the path with its dots and slashes as hyphens). */
function ownRuleName(path: string): string {
  return portable(path.replace(/^\.+/, "").replaceAll("/", "-"));
}

function withoutImports(
  ctx: ReadContext,
  path: string,
  text: string,
  imports: Set<string> | undefined,
  report = true,
): string {
  if (!imports) return text;
  const lines = text.split("\n");
  const kept = lines.filter((line) => !imports.has(line.trim()));
  const dropped = [...new Set(lines.filter((line) => imports.has(line.trim())).map((line) => line.trim()))];
  if (dropped.length > 0 && report)
    adjusted(
      ctx,
      start(path),
      `${path} includes ${dropped.join(", ")}: that is the always-on file the build writes, not text to import`,
    );
  return kept.join("\n");
}
