import { getNodeValue, type Node, type ParseError, parseTree, printParseErrorCode } from "jsonc-parser";
import { LineIndex } from "../diagnostics/positions.js";
import { jsonTooDeepAt, tooDeepMessage } from "../shared/nesting-limit.js";
import { unparseable } from "./conflicts.js";
import { addPaths, containersCreatedBy, isEmptyContainer, presentContainers } from "./json-containers.js";
import { insertMember, prettyJson, removeMember, replaceValue } from "./json-members.js";
import { jsonView, lastMatch, walk } from "./json-view.js";
import type { ComposeResult, Conflict, KeyPath, OwnedEntry, OwnedRecord } from "./model.js";
import { onlyPathChanged } from "./only-path-changed.js";
import { planComposition, type Step } from "./ownership-plan.js";
import { runPlan, stepPath } from "./run-plan.js";
import {
  applyTextEdits,
  detectStyle,
  type Edit,
  isBlank,
  leadingIndent,
  lineStart,
  type TextStyle,
} from "./text-style.js";
import { valueHash } from "./value-hash.js";

const byteOrderMark = "\uFEFF";
const parseOptions = { allowTrailingComma: true, disallowComments: false };

/**
 * Composes agentc's entries into a JSON or JSONC file, editing only the values agentc owns and
 * leaving every other byte (keys, comments, layout) where it was. See docs/compose.md.
 */
export function composeJson(
  current: string | undefined,
  desired: OwnedEntry[],
  previous: OwnedRecord[],
  containers: KeyPath[] = [],
  adopted: OwnedRecord[] = [],
): ComposeResult {
  if (current?.startsWith(byteOrderMark)) {
    const result = composeJson(current.slice(1), desired, previous, containers, adopted);
    return { ...result, text: byteOrderMark + result.text };
  }
  const existing = current === undefined || isBlank(current) ? undefined : current;
  const text = existing ?? `{}${current?.includes("\r\n") ? "\r\n" : "\n"}`;
  const parsed = parseRoot(text);
  if ("conflict" in parsed)
    return {
      text: current ?? "",
      owned: previous,
      conflicts: [parsed.conflict],
      changed: false,
      containers,
      adopted,
    };
  const style = jsonStyle(text, parsed.root);
  const plan = planComposition(desired, previous, jsonView(text, parsed.root), () => undefined, adopted);
  const candidates = [...containers];
  const outcome = runPlan(text, plan, (before, step) => {
    const after = applyStep(before, step, style);
    const root = typeof after === "string" ? parseRoot(before) : undefined;
    if (root && "root" in root) addPaths(candidates, containersCreatedBy(root.root, step));
    return after;
  });
  const { owned, conflicts } = outcome;
  if (existing === undefined && outcome.applied === 0)
    return { text: current ?? "", owned, conflicts, changed: false };
  const final = withoutEmptyContainers(outcome.text, candidates, style);
  return {
    text: final,
    owned,
    conflicts,
    changed: final !== current,
    containers: presentContainers(final, candidates),
    adopted: outcome.adopted,
  };
}

/** Removes the empty objects and arrays agentc created, the deepest first, so emptied parents go too. */
function withoutEmptyContainers(text: string, containers: KeyPath[], style: TextStyle): string {
  let current = text;
  for (const path of [...containers].sort((a, b) => b.length - a.length)) {
    const parsed = parseRoot(current);
    if (!("root" in parsed) || !isEmptyContainer(current, parsed.root, path)) continue;
    const after = applyStep(current, { op: "delete", record: { path, hash: "" } }, style);
    if (typeof after === "string") current = after;
  }
  return current;
}

/** The file's style; the indentation of the first top-level key, if it opens its line, is the unit. */
function jsonStyle(text: string, root: Node): TextStyle {
  const style = detectStyle(text);
  const first = root.children?.[0]?.offset;
  if (first === undefined || !isBlank(text.slice(lineStart(text, first), first))) return style;
  const indent = leadingIndent(text, first);
  return indent === "" ? style : { ...style, indent };
}

type ParsedRoot = { root: Node } | { conflict: Conflict };

/**
 * The texts parsed last, with their trees (read, never changed): a step's text after is the next step's text
 * before, and the plan's callback reads the text before again, so each text of a composition is parsed once.
 */
const recentlyParsed: { text: string; parsed: ParsedRoot }[] = [];
const recentKept = 4;

function parseRoot(text: string): ParsedRoot {
  const hit = recentlyParsed.find((recent) => recent.text === text);
  if (hit) return hit.parsed;
  const parsed = parseRootOnce(text);
  recentlyParsed.unshift({ text, parsed });
  recentlyParsed.length = Math.min(recentlyParsed.length, recentKept);
  return parsed;
}

function parseRootOnce(text: string): ParsedRoot {
  const deep = jsonTooDeepAt(text);
  if (deep !== undefined) {
    const { line, column } = new LineIndex("", text).position(deep);
    return { conflict: unparseable(tooDeepMessage("JSON"), line, column) };
  }
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, parseOptions);
  const first = errors[0];
  if (first || !root) {
    const { line, column } = new LineIndex("", text).position(first?.offset ?? 0);
    return {
      conflict: unparseable(
        first ? describe(printParseErrorCode(first.error)) : "no JSON value",
        line,
        column,
      ),
    };
  }
  if (root.type !== "object") {
    return {
      conflict: unparseable(`the top level is ${root.type === "array" ? "an array" : "not an object"}`, 1, 1),
    };
  }
  return { root };
}

/** "CloseBraceExpected" → "close brace expected". */
const describe = (code: string): string => code.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();

/** The hash of a value kept as text; a text that is not one JSON value matches nothing. */
function originalHash(text: string): string | undefined {
  const errors: ParseError[] = [];
  const node = parseTree(text, errors, parseOptions);
  return node && errors.length === 0 ? valueHash(getNodeValue(node)) : undefined;
}

const readBackProblem = { problem: "the edited text did not read back as the intended value" };

/** The text after one step, checked by parsing it again. */
function applyStep(text: string, step: Step, style: TextStyle): string | { problem: string } {
  if (step.op === "give-back" && originalHash(step.record.original ?? "") === undefined)
    return {
      problem: `your value from before, kept in the install record to give back, is not JSON: ${step.record.original}`,
    };
  const before = parseRoot(text);
  if (!("root" in before)) return readBackProblem;
  const edits = stepEdits(text, before.root, step, style);
  if (!edits) return readBackProblem;
  const after = applyTextEdits(text, edits);
  const parsed = parseRoot(after);
  if (!("root" in parsed) || !holds(parsed.root, step)) return readBackProblem;
  const same = onlyPathChanged(getNodeValue(before.root), getNodeValue(parsed.root), stepPath(step));
  return same ? after : { problem: "the edit would have changed other values too" };
}

function stepEdits(text: string, root: Node, step: Step, style: TextStyle): Edit[] | undefined {
  const path = stepPath(step);
  const reached = walk(root, path);
  if (step.op === "set") {
    if (reached.node) return replaceValue(text, reached.node, step.entry.value, style);
    return insertMember(
      text,
      reached.container,
      keyMember(path.slice(reached.depth), step.entry.value, style),
      style,
    );
  }
  if (step.op === "delete")
    return reached.property && removeMember(text, reached.container, reached.property);
  if (step.op === "replace" || step.op === "give-back") {
    const node =
      step.op === "replace"
        ? elementNode(reached.node, step.replaces.hash)
        : placeOf(reached.node, step.record);
    if (!node) return undefined;
    if (step.op === "replace") return replaceValue(text, node, step.entry.value, style);
    return [{ offset: node.offset, length: node.length, content: step.record.original ?? "" }];
  }
  if (step.op === "append") {
    if (!reached.node) {
      const rest = path.slice(reached.depth);
      return insertMember(text, reached.container, keyMember(rest, [step.entry.value], style), style);
    }
    return insertMember(text, reached.node, (indent) => prettyJson(step.entry.value, indent, style), style);
  }
  const element = elementNode(reached.node, step.record.hash);
  return reached.node && element && removeMember(text, reached.node, element);
}

/** The last element of an array node with this hash. */
function elementNode(array: Node | undefined, hash: string): Node | undefined {
  return lastMatch(array?.children, (child) => valueHash(getNodeValue(child)) === hash);
}

/** The node of an owned value: the key's value, or the element with its hash. */
function placeOf(node: Node | undefined, record: OwnedRecord): Node | undefined {
  return record.element ? elementNode(node, record.hash) : node;
}

/** `"key": value`, nesting the value in objects for path segments that do not exist yet. */
function keyMember(rest: KeyPath, value: unknown, style: TextStyle) {
  const [key, ...deeper] = rest;
  const nested = deeper.reduceRight<unknown>((inner, segment) => ({ [String(segment)]: inner }), value);
  return (indent: string, inline: boolean) =>
    `${JSON.stringify(String(key))}: ${inline ? JSON.stringify(nested) : prettyJson(nested, indent, style)}`;
}

function holds(root: Node, step: Step): boolean {
  const reached = walk(root, stepPath(step));
  if (step.op === "delete") return reached.node === undefined;
  if (step.op === "drop-element") return true;
  if (step.op === "give-back") {
    const nodes = step.record.element ? (reached.node?.children ?? []) : [reached.node];
    const original = originalHash(step.record.original ?? "");
    return nodes.some((node) => node !== undefined && valueHash(getNodeValue(node)) === original);
  }
  const hashes = step.op === "set" ? [reached.node] : (reached.node?.children ?? []);
  return hashes.some((node) => node !== undefined && valueHash(getNodeValue(node)) === step.owns.hash);
}
