import { escapeRegExp, maskCode } from "../shared/markdown-code.js";
import type { InstructionImport } from "./model.js";

/** An import found in a text: the path as written, 0-based line, 1-based column of the form's start. */
export interface ImportHit<Form extends InstructionImport = InstructionImport> {
  path: string;
  written: string;
  line: number;
  column: number;
  form: Form;
}

const pathSlot = "<path>";
const maxPath = 1024;
const trailingPunctuation = /[.,;:!?)\]}'"`]+$/;
const patterns = new Map<string, RegExp>();

/**
 * The imports of every form (a pack's instruction_imports: "@<path>", "#[[file:<path>]]") in a text, in
 * text order; where two forms match at one place ("@<path>" and "@{<path>}"), the more specific one.
 * Linear in the text: a path never spans a form's first character.
 */
export function findImports<Form extends InstructionImport>(
  text: string,
  forms: readonly Form[],
): ImportHit<Form>[] {
  const present = forms.filter((form) => text.includes(formPrefix(form.form)));
  if (present.length === 0) return [];
  const hits: ImportHit<Form>[] = [];
  const lines = text.split("\n");
  const masked = present.some((f) => f.outside_code) ? maskCode(text).split("\n") : lines;
  for (const form of present) {
    let pattern = patterns.get(form.form);
    if (!pattern) {
      pattern = formPattern(form.form);
      patterns.set(form.form, pattern);
    }
    for (const [index, line] of (form.outside_code ? masked : lines).entries()) {
      for (const match of line.matchAll(pattern)) {
        const written = match[0];
        const path = cleanPath(match[1] ?? "", form.form.endsWith(pathSlot));
        if (path) hits.push({ path, written, line: index, column: (match.index ?? 0) + 1, form });
      }
    }
  }
  hits.sort((a, b) => a.line - b.line || a.column - b.column || b.form.form.length - a.form.form.length);
  return hits.filter(
    (hit, i) => i === 0 || hit.line !== hits[i - 1]?.line || hit.column !== hits[i - 1]?.column,
  );
}

/**
 * Whether a file's bytes can hold an import of one of `forms`: every form starts with text of its own
 * ("@", "#[[file:") that a match must contain, so a file without any of them is not decoded or split.
 * The bytes are searched as latin1 text, one character per byte, for each prefix's UTF-8 bytes: a
 * string search costs a tenth of Buffer.includes, whose per-call overhead outweighs a small file.
 */
export function mayHoldImports(bytes: Buffer, forms: readonly InstructionImport[]): boolean {
  const text = bytes.toString("latin1");
  return searchedPrefixes(forms).some((prefix) => text.includes(prefix));
}

const prefixesOfForms = new WeakMap<readonly InstructionImport[], string[]>();

/** The forms' prefixes as latin1 text of their UTF-8 bytes, without one that holds another ("@{" is found with "@"). */
function searchedPrefixes(forms: readonly InstructionImport[]): string[] {
  let found = prefixesOfForms.get(forms);
  if (!found) {
    const texts = [...new Set(forms.map((f) => formPrefix(f.form)))].sort((a, b) => a.length - b.length);
    const kept = texts.filter((p, i) => !texts.slice(0, i).some((shorter) => p.includes(shorter)));
    found = kept.map((prefix) => Buffer.from(prefix, "utf8").toString("latin1"));
    prefixesOfForms.set(forms, found);
  }
  return found;
}

/** The literal text a form starts with, before its path ("" when it starts with the path). */
function formPrefix(form: string): string {
  return form.slice(0, Math.max(0, form.indexOf(pathSlot)));
}

function formPattern(form: string): RegExp {
  const at = form.indexOf(pathSlot);
  const prefix = form.slice(0, at);
  const suffix = form.slice(at + pathSlot.length);
  const stops = escapeClass(`${prefix[0] ?? ""}${suffix[0] ?? ""}`);
  const path = `([^\\s${stops}]{1,${maxPath}})`;
  return new RegExp(`(?<![A-Za-z0-9_])${escapeRegExp(prefix)}${path}${escapeRegExp(suffix)}`, "g");
}

function cleanPath(path: string, open: boolean): string {
  return (open ? path.replace(trailingPunctuation, "") : path).trim();
}

function escapeClass(chars: string): string {
  return chars.replace(/[\]\\^-]/g, "\\$&");
}
