import { globProblem } from "../../checks/registry/globs-well-formed.js";
import { rawKeys, reverseTemplate } from "../../emit/adapters/read-template.js";
import { parseNativeMarkdown } from "../../packs/shared/items/native-markdown.js";
import { pathInside, portable } from "../../packs/shared/items/native-text.js";
import { alwaysOnPath } from "../../registry/install-files.js";
import type { Adapter } from "../../registry/model.js";
import { leftOut, nativeText, type ReadContext, start, unreadable } from "../read-context.js";
import { readInstructionFile } from "./read-instructions.js";
import { splitSections } from "./split-sections.js";

/**
 * The rule files of an assistant that has a rule adapter and no client pack: each read back through the adapter's frontmatter template. With globs it is a scoped rule of
 * sources/, which the adapter writes again; always on, global rules; with a description only, nothing: no
 * rule adapter writes such a rule, and a core rule would reach every client pack, so it stays the project's.
 */
export function readAdapterRules(ctx: ReadContext, adapter: Adapter): void {
  const dir = (adapter.output_dir ?? "").replace(/\/+$/, "");
  if (dir === "") return;
  const extension = adapter.extension ?? ".md";
  const pinned = alwaysOnPath(adapter);
  // Without rule files of its own, every file of the adapter's folder is always-on text, as the pinned one.
  const conditions = (adapter.scoped_layout ?? "none") === "flat";
  if (!conditions && pinned === undefined) return;
  for (const path of ctx.reader.filesBelow(dir)) {
    if (path === pinned || !path.endsWith(extension) || ctx.reader.entry(path).kind === "folder") continue;
    if (conditions) readRuleFile(ctx, adapter, path, pathInside(dir, path, extension));
    else readInstructionFile(ctx, path, undefined, adapter);
  }
}

function readRuleFile(ctx: ReadContext, adapter: Adapter, path: string, inner: string): void {
  const read = nativeText(ctx, path);
  if (!read) return;
  const { markdown, problems } = parseNativeMarkdown(path, read.text, rawKeys(adapter));
  for (const p of problems) unreadable(ctx, p.position, `${path}: ${p.message}`);
  if (!markdown) return;
  const reading = reverseTemplate(adapter, markdown.values);
  for (const key of reading.unused)
    leftOut(ctx, markdown.positionOf(key), `"${key}" of ${path} has no neutral equivalent: not imported`);
  const body = markdown.body.replace(/^\n+/, "");
  if (body.trim() === "") {
    leftOut(ctx, start(path), `${path} holds no text, so no rule is imported`);
    return;
  }
  const name = portable(inner.replaceAll("/", "-"));
  if (reading.globs.length === 0 && !reading.alwaysOn) {
    // A core rule would be written for every client pack, which never read this assistant's folder, and no
    // rule adapter writes a rule picked by its description: the file stays as it is, read as before.
    keptAsIs(ctx, path, `no rule adapter writes a rule ${ctx.assistant} picks by its description`);
    leftOut(
      ctx,
      start(path),
      `${path} is a rule ${ctx.assistant} picks by its description, which no rule adapter writes: not imported, it stays the project's own file`,
      `${ctx.assistant} reads it from there as before. To carry it in the registry, give it globs (a scoped rule) or make it always on.`,
    );
    return;
  }
  // the registry refuses such a glob (AGC036), and import never writes a value the registry refuses
  const refused = reading.globs.flatMap((glob) => {
    const problem = globProblem(glob);
    return problem ? [`glob ${JSON.stringify(glob)} ${problem}`] : [];
  });
  if (refused.length > 0) {
    keptAsIs(ctx, path, `the registry refuses its globs (${refused.join("; ")})`);
    leftOut(
      ctx,
      start(path),
      `${path} is not imported: its ${refused.join("; ")}, which the registry refuses (AGC036); it stays the project's own file`,
      `${ctx.assistant} reads it from there as before. To carry it in the registry, write its globs relative to the project root (docs/**/*.md) and import again.`,
    );
    return;
  }
  const sections = splitSections(path, body, name);
  if (reading.alwaysOn) ctx.items.instructions.push({ file: path, sections });
  else
    ctx.items.scoped.push({
      file: path,
      sections,
      globs: reading.globs,
      ...(reading.description ? { description: reading.description } : {}),
    });
}

/** The native file just read stays the project's own, for the round trip to say why. */
function keptAsIs(ctx: ReadContext, path: string, because: string): void {
  const native = ctx.files.at(-1);
  if (native?.path === path) native.keptBecause = because;
}
