import { findBlock } from "../plan/marked-block.js";
import type { Plan } from "../plan/plan-model.js";

/** A paragraph this long is the person's text, not a heading or a one-word line two files share by chance. */
const minimumWords = 6;

/**
 * A paragraph of the person's own text that agentc's block in the same file repeats (a registry that
 * `agentc import` made from the project holds the person's text): the assistant reads it twice.
 */
export function textRepeatedInBlock(path: string, text: string, recorded: string): Plan["warnings"] {
  const span = findBlock(text, recorded);
  if (!span) return [];
  const block = normalised(text.slice(span.start, span.end));
  const persons = `${text.slice(0, span.start)}\n\n${text.slice(span.end)}`;
  const repeated = paragraphs(persons).filter((p) => block.includes(normalised(p.text)));
  const first = repeated[0];
  if (!first) return [];
  const line = countLines(text.slice(0, text.indexOf(first.text)));
  return [
    {
      path,
      line,
      column: 1,
      kind: "loaded-twice",
      problem: `${repeated.length} paragraph${repeated.length === 1 ? "" : "s"} of your text ${repeated.length === 1 ? "is" : "are"} also in agentc's block in this file: its assistants read ${repeated.length === 1 ? "it" : "them"} twice`,
      hint: "the registry holds that text too (as one agentc import made from this project does): delete it from your part of the file, or from the registry's sources",
    },
  ];
}

function paragraphs(text: string): { text: string }[] {
  return text
    .split(/\n[ \t]*\n/)
    .map((p) => p.trim())
    .filter((p) => p.split(/\s+/).length >= minimumWords)
    .map((p) => ({ text: p }));
}

/** Line breaks and runs of spaces do not make a paragraph another text. */
function normalised(text: string): string {
  return text.replace(/\s+/g, " ");
}

function countLines(before: string): number {
  return before.split("\n").length;
}
