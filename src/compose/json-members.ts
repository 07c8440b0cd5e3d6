import { createScanner, type Node, SyntaxKind } from "jsonc-parser";
import {
  type Edit,
  isBlank,
  leadingIndent,
  lineEnd,
  lineStart,
  nextLineStart,
  type TextStyle,
} from "./text-style.js";

/** Writes a member (`"key": value` or an array element) at a given indentation, inline or multi-line. */
export type MemberText = (indent: string, inline: boolean) => string;

/** A value as JSON laid out in the file's style, its inner lines indented from `base`. */
export function prettyJson(value: unknown, base: string, style: TextStyle): string {
  return JSON.stringify(value, null, style.indent)
    .split("\n")
    .join(style.eol + base);
}

interface Token {
  kind: SyntaxKind;
  offset: number;
}

const isTrivia = (kind: SyntaxKind): boolean =>
  kind === SyntaxKind.Trivia ||
  kind === SyntaxKind.LineBreakTrivia ||
  kind === SyntaxKind.LineCommentTrivia ||
  kind === SyntaxKind.BlockCommentTrivia;

/** The first token after `offset` that is not whitespace or a comment. */
function tokenAfter(text: string, offset: number): Token {
  const scanner = createScanner(text, false);
  scanner.setPosition(offset);
  let kind = scanner.scan();
  while (isTrivia(kind)) kind = scanner.scan();
  return { kind, offset: scanner.getTokenOffset() };
}

/** The line break after `offset` if only whitespace and comments stand before it on that line. */
function lineBreakAfter(text: string, offset: number): number | undefined {
  const scanner = createScanner(text, false);
  scanner.setPosition(offset);
  let kind = scanner.scan();
  while (kind === SyntaxKind.Trivia || kind === SyntaxKind.LineCommentTrivia) kind = scanner.scan();
  if (kind === SyntaxKind.LineBreakTrivia) return scanner.getTokenOffset();
  if (kind === SyntaxKind.EOF) return text.length;
  return undefined;
}

const closingOf = (container: Node): number => container.offset + container.length - 1;

/** Edits that add a member after the container's last one, in the layout the container already uses. */
export function insertMember(text: string, container: Node, member: MemberText, style: TextStyle): Edit[] {
  const open = container.offset;
  const close = closingOf(container);
  const last = container.children?.at(-1);
  if (!last) return insertIntoEmpty(text, open, close, member, style);
  const lastEnd = last.offset + last.length;
  const after = tokenAfter(text, lastEnd);
  const trailingComma = after.kind === SyntaxKind.CommaToken;
  const anchor = trailingComma ? after.offset + 1 : lastEnd;
  const lineBreak = text.slice(open, close).includes("\n") ? lineBreakAfter(text, anchor) : undefined;
  if (lineBreak === undefined || lineBreak > close) {
    const inline = member(leadingIndent(text, lastEnd), true);
    return trailingComma ? [edit(anchor, ` ${inline},`)] : [edit(lastEnd, `, ${inline}`)];
  }
  const startsLine = isBlank(text.slice(lineStart(text, last.offset), last.offset));
  const indent = startsLine ? leadingIndent(text, last.offset) : leadingIndent(text, open) + style.indent;
  const added = style.eol + indent + member(indent, false) + (trailingComma ? "," : "");
  return trailingComma ? [edit(lineBreak, added)] : [edit(lastEnd, ","), edit(lineBreak, added)];
}

function insertIntoEmpty(
  text: string,
  open: number,
  close: number,
  member: MemberText,
  style: TextStyle,
): Edit[] {
  const closeLine = lineStart(text, close);
  if (closeLine > open && isBlank(text.slice(closeLine, close))) {
    const inner = leadingIndent(text, close) + style.indent;
    return [edit(closeLine, inner + member(inner, false) + style.eol)];
  }
  const outer = leadingIndent(text, open);
  const inner = outer + style.indent;
  return [edit(open + 1, style.eol + inner + member(inner, false) + style.eol + outer)];
}

/** Edits that take one member (a property node or an array element) out of its container. */
export function removeMember(text: string, container: Node, member: Node): Edit[] {
  const start = member.offset;
  const end = member.offset + member.length;
  const next = tokenAfter(text, end);
  const removedEnd = next.kind === SyntaxKind.CommaToken ? next.offset + 1 : end;
  const close = closingOf(container);
  if (isBlank(text.slice(container.offset + 1, start) + text.slice(removedEnd, close))) {
    return [edit(container.offset + 1, "", close)];
  }
  const precedingComma =
    next.kind === SyntaxKind.CommaToken ? undefined : commaBefore(text, container, member);
  const from = lineStart(text, start);
  if (isBlank(text.slice(from, start)) && isBlank(text.slice(removedEnd, lineEnd(text, removedEnd)))) {
    const line = edit(from, "", nextLineStart(text, removedEnd));
    return precedingComma === undefined ? [line] : [line, edit(precedingComma, "", precedingComma + 1)];
  }
  if (precedingComma === undefined) return [edit(start, "", skipSpaces(text, removedEnd))];
  if (isBlank(text.slice(precedingComma + 1, start))) return [edit(precedingComma, "", end)];
  return [edit(precedingComma, "", precedingComma + 1), edit(start, "", end)];
}

/** The comma between the member and the one before it, if there is one before it. */
function commaBefore(text: string, container: Node, member: Node): number | undefined {
  const siblings = container.children ?? [];
  const previous = siblings[siblings.indexOf(member) - 1];
  if (!previous) return undefined;
  const token = tokenAfter(text, previous.offset + previous.length);
  return token.kind === SyntaxKind.CommaToken ? token.offset : undefined;
}

function skipSpaces(text: string, offset: number): number {
  let stop = offset;
  while (text[stop] === " " || text[stop] === "\t") stop++;
  return stop;
}

/** Replaces a value node with a new value, indented from the line the value starts on. */
export function replaceValue(text: string, node: Node, value: unknown, style: TextStyle): Edit[] {
  return [
    edit(node.offset, prettyJson(value, leadingIndent(text, node.offset), style), node.offset + node.length),
  ];
}

function edit(offset: number, content: string, until = offset): Edit {
  return { offset, length: until - offset, content };
}
