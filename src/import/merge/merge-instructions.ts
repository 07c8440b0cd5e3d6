import type { Diagnostic } from "../../diagnostics/diagnostic.js";
import { slugify } from "../../shared/slug.js";
import { adjustedFinding, adjustedWithHintFinding } from "../checks/native-content-imported.js";
import type { ImportedInstructions, ImportedScoped, ImportedSection } from "../model.js";

/**
 * The always-on files as one source of global rules: a section whose text an earlier file has already
 * (a linked file that copies the always-on one, say; above the first heading too) is that rule; a different section under a heading already taken
 * gets the file's name added to its heading, since one source holds one rule per slug (`slugs`: those taken
 * already). Scoped files are one rule only with the same globs and description.
 */
export function mergeInstructions<T extends ImportedInstructions>(
  files: T[],
  diagnostics: Diagnostic[],
  slugs = new Set<string>(),
): T[] {
  const texts = new Set<string>();
  const out: T[] = [];
  for (const file of files) {
    const sections: ImportedSection[] = [];
    const scoped = file as Partial<ImportedScoped>;
    // the text of an assistant's own folder is a rule of its own source, which only its adapter writes
    const condition = `${file.adapter ?? ""}\n${scoped.globs ? JSON.stringify([scoped.globs, scoped.description]) : ""}`;
    for (const section of file.sections) {
      const key = `${condition}\n${ownText(section)}`;
      if (texts.has(key)) continue;
      texts.add(key);
      if (section.invented) headedByImport(section, file.file, diagnostics);
      if (section.retitledFrom !== undefined) numberedByImport(section, section.retitledFrom, diagnostics);
      const kept = slugs.has(section.slug) ? retitled(section, file.file, slugs, diagnostics) : section;
      slugs.add(kept.slug);
      sections.push(kept);
    }
    if (sections.length > 0) out.push({ ...file, sections });
  }
  return out;
}

/**
 * The files of an assistant's own folder (`adapter`) that hold every section of the shared always-on text,
 * as the module agentc writes for such an assistant does: that assistant reads the shared text as well, so
 * those sections are the shared rules (left out of the file's own), and the file's adapter writes them too.
 */
export function readersOfSharedText<T extends ImportedInstructions>(
  files: T[],
): { files: T[]; readers: { adapter: string; file: string }[] } {
  const shared = new Set(
    files.filter((f) => f.adapter === undefined).flatMap((f) => f.sections.map(ownText)),
  );
  const readers: { adapter: string; file: string }[] = [];
  if (shared.size === 0) return { files, readers };
  const out = files.map((file) => {
    if (file.adapter === undefined) return file;
    const texts = new Set(file.sections.map(ownText));
    if (![...shared].every((text) => texts.has(text))) return file;
    readers.push({ adapter: file.adapter, file: file.file });
    return { ...file, sections: file.sections.filter((section) => !shared.has(ownText(section))) };
  });
  return { files: out, readers };
}

/** The text the file has: a heading import invented is not part of it, so two such files' texts still meet. */
function ownText(section: ImportedSection): string {
  return section.invented ? section.text.split("\n").slice(1).join("\n").trim() : section.text;
}

function headedByImport(section: ImportedSection, file: string, diagnostics: Diagnostic[]): void {
  diagnostics.push(
    adjustedFinding(
      section.position,
      `the text at the top of ${file} has no heading: imported under "${section.text.split("\n")[0]}"`,
    ),
  );
}

/** A heading without a Latin letter or digit, to which import added a number (split-sections.ts). */
function numberedByImport(section: ImportedSection, written: string, diagnostics: Diagnostic[]): void {
  diagnostics.push(
    adjustedWithHintFinding({
      position: section.position,
      message: `the heading "${written}" of ${section.position.file} has no Latin letter or digit, which a rule's name needs: imported as "${section.title}"`,
      hint: "Rename the heading in the registry's source file (a Latin word in it names the rule); the build writes it as the registry has it once the file is edited.",
      group:
        "a heading without a Latin letter or digit, which a rule's name needs, is imported with a number added",
    }),
  );
}

function retitled(
  section: ImportedSection,
  file: string,
  slugs: Set<string>,
  diagnostics: Diagnostic[],
): ImportedSection {
  let title = `${section.title} (${file})`;
  for (let n = 2; slugs.has(slugify(title)); n++) title = `${section.title} (${file}, ${n})`;
  const [heading = "", ...rest] = section.text.split("\n");
  const marks = /^ {0,3}#{1,2}/.exec(heading)?.[0] ?? "#";
  diagnostics.push(
    adjustedWithHintFinding({
      position: section.position,
      message: `another always-on section is headed "${section.title}": this one is imported as "${title}"`,
      hint: "Give the two sections headings of their own, or keep one of them.",
    }),
  );
  return { ...section, text: [`${marks} ${title}`, ...rest].join("\n"), slug: slugify(title), title };
}
