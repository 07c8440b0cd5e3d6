import type { LoadedClientPack } from "../../clients/loaded-client-pack.js";
import type { InstructionImport } from "../../clients/model.js";
import type { ResolvedAdapter } from "../../registry/model.js";
import { maskFencedCode } from "../clients/html-comment-without-normative-words.js";
import { escapeRegExp } from "../whole-words.js";

/** One import form and the assistants that read it. */
export interface ImportForm extends InstructionImport {
  readers: string[];
}

const patterns = new Map<string, RegExp>();

/** An import found in a text: the path as written, 0-based line, 1-based column of the form's start. */
export interface ImportHit {
  path: string;
  written: string;
  line: number;
  column: number;
  form: ImportForm;
}

const pathSlot = "<path>";
const maxPath = 1024;
const trailingPunctuation = /[.,;:!?)\]}'"`]+$/;

/** Every form the packs and adapters declare, merged by form text (code is skipped only if all agree). */
export function importForms(
  packs: readonly LoadedClientPack[],
  adapters: readonly ResolvedAdapter[],
): ImportForm[] {
  const byForm = new Map<string, ImportForm>();
  const add = (reader: string, declared: readonly InstructionImport[] = []) => {
    for (const { form, outside_code } of declared) {
      const known = byForm.get(form) ?? { form, outside_code: true, readers: [] };
      known.outside_code = known.outside_code === true && outside_code === true;
      if (!known.readers.includes(reader)) known.readers.push(reader);
      byForm.set(form, known);
    }
  };
  for (const { pack } of packs) add(pack.name, pack.instruction_imports);
  for (const { adapter } of adapters) add(adapter.name ?? adapter.id, adapter.instruction_imports);
  return [...byForm.values()].sort((a, b) => (a.form < b.form ? -1 : a.form > b.form ? 1 : 0));
}

/**
 * The imports of every form in a text, in text order; where two forms match at one place ("@<path>" and
 * "@{<path>}"), the more specific one. Linear in the text: a path never spans a form's first character.
 */
export function findImports(text: string, forms: readonly ImportForm[]): ImportHit[] {
  const hits: ImportHit[] = [];
  const lines = text.split("\n");
  const masked = forms.some((f) => f.outside_code) ? maskCode(text).split("\n") : lines;
  for (const form of forms) {
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

/** Fenced blocks and inline code spans blanked, lengths and newlines kept (linear: no backreference). */
function maskCode(text: string): string {
  return maskFencedCode(text).replace(/`[^`\n]*`/g, (span) => " ".repeat(span.length));
}

function escapeClass(chars: string): string {
  return chars.replace(/[\]\\^-]/g, "\\$&");
}
