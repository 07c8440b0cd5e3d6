import type { Plan } from "../model/plan-model.js";
import { findBlock } from "./marked-block.js";

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
  const parts = [
    { at: 0, text: text.slice(0, span.start) },
    { at: span.end, text: text.slice(span.end) },
  ];
  const repeated = parts.flatMap((part) =>
    paragraphs(part.text)
      .filter((p) => block.includes(normalised(p)))
      .map((p) => part.at + part.text.indexOf(p)),
  );
  const first = repeated[0];
  if (first === undefined) return [];
  const line = lineAt(text, first);
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

function paragraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p.split(/\s+/).length >= minimumWords);
}

/** Line breaks and runs of spaces do not make a paragraph another text. */
function normalised(text: string): string {
  return text.replace(/\s+/g, " ");
}

/** The 1-based line of the character at `offset`. */
function lineAt(text: string, offset: number): number {
  return text.slice(0, offset).split("\n").length;
}
