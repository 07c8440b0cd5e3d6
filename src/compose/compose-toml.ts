import { parse, stringify, TomlError } from "smol-toml";
import { parseToml as parseBoundedToml } from "../shared/bounded-toml.js";
import { unparseable } from "./conflicts.js";
import type { ComposeResult, KeyPath, OwnedEntry, OwnedRecord } from "./model.js";
import { onlyPathChanged } from "./only-path-changed.js";
import { planComposition, type Step } from "./ownership-plan.js";
import { runPlan, stepPath } from "./run-plan.js";
import { applyTextEdits, detectStyle, type Edit, type TextStyle } from "./text-style.js";
import { readHeader, scanTables, type TableBlock } from "./toml-tables.js";
import { isTable, startsWithPath, tomlValueAt, tomlView } from "./toml-view.js";
import { valueHash } from "./value-hash.js";

/**
 * Composes agentc's tables (e.g. [mcp_servers.<name>]) into a TOML file by replacing, adding or
 * removing only those tables' lines; every other line stays byte for byte. See docs/compose.md.
 */
export function composeToml(
  current: string | undefined,
  desired: OwnedEntry[],
  previous: OwnedRecord[],
  adopted: OwnedRecord[] = [],
): ComposeResult {
  const text = current ?? "";
  const document = parseToml(text);
  if ("conflict" in document)
    return { text, owned: previous, conflicts: [document.conflict], changed: false, adopted: [] };
  const style = detectStyle(text);
  const view = {
    ...tomlView(text, document.value, scanTables(text)),
    text: writtenTable(text, document.value),
  };
  const plan = planComposition(desired, previous, view, tomlEntryProblem, adopted);
  const outcome = runPlan(text, plan, (before, step) => applyStep(before, step, style));
  const { owned, conflicts } = outcome;
  return { text: outcome.text, owned, conflicts, changed: outcome.text !== text, adopted: outcome.adopted };
}

function parseToml(text: string): { value: unknown } | { conflict: ReturnType<typeof unparseable> } {
  try {
    return { value: parseBoundedToml(text) };
  } catch (error) {
    const toml = error instanceof TomlError ? error : undefined;
    const reason = (error instanceof Error ? error.message : String(error)).split("\n")[0] ?? "";
    return {
      conflict: unparseable(
        reason.replace(/^Invalid TOML document: /, ""),
        toml?.line ?? 1,
        toml?.column ?? 1,
      ),
    };
  }
}

function tomlEntryProblem(entry: OwnedEntry): string | undefined {
  if (entry.element) return "TOML files take whole tables only, not array elements";
  if (isTopLevelScalar(entry.path, entry.value)) return undefined;
  if (!isTable(entry.value))
    return "a TOML entry must be a table (an object), or a string, number or boolean at the top";
  try {
    const readBack = parse(stringify(entry.value));
    return valueHash(readBack) === valueHash(entry.value)
      ? undefined
      : "TOML cannot hold the value as it is (null?)";
  } catch (error) {
    return `the value cannot be written as TOML: ${error instanceof Error ? error.message : String(error)}`;
  }
}

/** The text after one step, or the reason it could not be made without touching other text. */
function applyStep(text: string, step: Step, style: TextStyle): string | { problem: string } {
  if (step.op === "replace") return { problem: "TOML files take whole tables only, not array elements" };
  if (step.op === "give-back") return givingBack(text, step.record);
  const path = stepPath(step);
  const blocks = scanTables(text).filter((block) => startsWithPath(block.path, path));
  const before = parseToml(text);
  if (!("value" in before)) return { problem: "the file stopped parsing" };
  const present = tomlValueAt(before.value, path).value !== undefined;
  const scalar = path.length === 1 && !isTable(tomlValueAt(before.value, path).value ?? {});
  const edits =
    scalar || ("entry" in step && isTopLevelScalar(path, step.entry.value))
      ? topLevelKeyEdits(text, step, style)
      : tableEdits(text, blocks, step, style, present, before.value);
  if ("problem" in edits) return edits;
  const after = applyTextEdits(text, edits.edits);
  const parsed = parseToml(after);
  if (!("value" in parsed))
    return { problem: "the edited file would not parse (is the parent table inline?)" };
  const value = tomlValueAt(parsed.value, path).value;
  const expected =
    step.op === "delete" ? value === undefined : "owns" in step && valueHash(value) === step.owns.hash;
  if (!expected) return { problem: "the edited text did not read back as the intended table" };
  const same = onlyPathChanged(before.value, parsed.value, path);
  return same ? after : { problem: "the edit would have changed other tables too" };
}

/**
 * The text of a table a person wrote, to keep when agentc takes it over: its `[table]` sections, only when they
 * stand together and alone make its value (so putting the text back gives the file back byte for byte).
 */
function writtenTable(text: string, document: unknown) {
  return (path: KeyPath, element?: string): string | undefined => {
    const blocks = scanTables(text).filter((block) => startsWithPath(block.path, path));
    const [range, ...more] = ranges(text, blocks);
    if (element !== undefined || !range || more.length > 0 || !definedOnlyBy(text, blocks, path, document))
      return undefined;
    return text.slice(range.offset, range.offset + range.length);
  };
}

/** The person's table back in place of agentc's (the original's sections, as they were written). */
function givingBack(text: string, record: OwnedRecord): string | { problem: string } {
  const original = parseToml(record.original ?? "");
  const value = "value" in original ? tomlValueAt(original.value, record.path).value : undefined;
  if (value === undefined)
    return {
      problem: `your table from before, kept in the install record to give back, is not TOML: ${record.original}`,
    };
  const blocks = scanTables(text).filter((block) => startsWithPath(block.path, record.path));
  const [range, ...more] = ranges(text, blocks);
  if (!range || more.length > 0)
    return { problem: "agentc's table is no longer one run of [table] sections" };
  const after = applyTextEdits(text, [{ ...range, content: record.original ?? "" }]);
  const parsed = parseToml(after);
  const before = parseToml(text);
  if (!("value" in parsed) || !("value" in before)) return { problem: "the file stopped parsing" };
  if (valueHash(tomlValueAt(parsed.value, record.path).value) !== valueHash(value))
    return { problem: "the edited text did not read back as your table" };
  return onlyPathChanged(before.value, parsed.value, record.path)
    ? after
    : { problem: "the edit would have changed other tables too" };
}

function tableEdits(
  text: string,
  blocks: TableBlock[],
  step: Step,
  style: TextStyle,
  present: boolean,
  document: unknown,
): { edits: Edit[] } | { problem: string } {
  if (present && !definedOnlyBy(text, blocks, stepPath(step), document)) {
    return { problem: "the table is written with dotted keys or inline, not as [table] sections of its own" };
  }
  return { edits: step.op === "delete" ? removal(text, blocks) : writing(text, blocks, step, style) };
}

const isTopLevelScalar = (path: KeyPath, value: unknown): boolean =>
  path.length === 1 && ["string", "number", "boolean"].includes(typeof value);

/**
 * A key of the file's top (before its first table header) as one `key = value` line: written just before
 * the first header, replaced or removed where it stands.
 */
function topLevelKeyEdits(
  text: string,
  step: Step,
  style: TextStyle,
): { edits: Edit[] } | { problem: string } {
  const key = String(stepPath(step)[0]);
  const firstHeader = scanTables(text)[0]?.start ?? text.length;
  const line = topLevelLine(text.slice(0, firstHeader), key);
  const content =
    "entry" in step
      ? `${tomlKey(key)} = ${stringify({ v: step.entry.value }).replace(/^v = /, "").trim()}${style.eol}`
      : "";
  if (line) {
    const blankBeforeHeader = /^[ \t]*\r?\n(?=\[)/.exec(text.slice(line.end))?.[0] ?? "";
    const length = line.end - line.start + (content === "" ? blankBeforeHeader.length : 0);
    return { edits: [{ offset: line.start, length, content }] };
  }
  if (step.op === "delete") return { problem: `${key} is not a line of its own at the top of the file` };
  const needsBreak = firstHeader > 0 && !text.slice(0, firstHeader).endsWith("\n");
  const gap = firstHeader < text.length ? style.eol : "";
  return {
    edits: [{ offset: firstHeader, length: 0, content: `${needsBreak ? style.eol : ""}${content}${gap}` }],
  };
}

/** The whole line `key = …` among the top lines, when the key is written there on one line. */
function topLevelLine(top: string, key: string): { start: number; end: number } | undefined {
  let offset = 0;
  for (const line of top.split(/(?<=\n)/)) {
    const bare = line.trimStart();
    if (bare.startsWith(`${tomlKey(key)} `) || bare.startsWith(`${tomlKey(key)}=`)) {
      return { start: offset, end: offset + line.length };
    }
    offset += line.length;
  }
  return undefined;
}

/** Whether the blocks alone (headers and their lines) give the table its whole value. */
function definedOnlyBy(text: string, blocks: TableBlock[], path: KeyPath, document: unknown): boolean {
  const own = parseToml(blocks.map((block) => text.slice(block.start, block.contentEnd)).join("\n"));
  if (!("value" in own)) return false;
  return valueHash(tomlValueAt(own.value, path).value) === valueHash(tomlValueAt(document, path).value);
}

/** Line ranges of the blocks, joined where only blank lines separate them. */
function ranges(text: string, blocks: TableBlock[]): Edit[] {
  const merged: Edit[] = [];
  for (const block of blocks) {
    const last = merged.at(-1);
    if (last && /^[ \t\r\n]*$/.test(text.slice(last.offset + last.length, block.start))) {
      last.length = block.contentEnd - last.offset;
    } else merged.push({ offset: block.start, length: block.contentEnd - block.start, content: "" });
  }
  return merged;
}

function removal(text: string, blocks: TableBlock[]): Edit[] {
  return ranges(text, blocks).map((range) => withOneBlankLine(text, range));
}

/** Takes one neighbouring blank line along, the one adding the table put there. */
function withOneBlankLine(text: string, range: Edit): Edit {
  const end = range.offset + range.length;
  const before = /(?:^|\n)([ \t]*\r?\n)$/.exec(text.slice(0, range.offset));
  if (before?.[1])
    return { ...range, offset: range.offset - before[1].length, length: range.length + before[1].length };
  const after = /^[ \t]*\r?\n/.exec(text.slice(end))?.[0];
  return after ? { ...range, length: range.length + after.length } : range;
}

function writing(text: string, blocks: TableBlock[], step: Step, style: TextStyle): Edit[] {
  if (!("entry" in step)) return [];
  const table = tableText(step.entry.path, step.entry.value, style);
  const [first, ...rest] = ranges(text, blocks);
  if (first) return [{ ...first, content: table }, ...rest];
  return [insertion(text, step.entry.path, table, style)];
}

/** A new table goes after the last table of its parent (e.g. the last [mcp_servers.*]), else at the end. */
function insertion(text: string, path: KeyPath, table: string, style: TextStyle): Edit {
  const parent = path.slice(0, -1);
  const siblings = parent.length > 0 ? scanTables(text).filter((b) => startsWithPath(b.path, parent)) : [];
  const anchor = siblings.at(-1)?.contentEnd ?? text.length;
  const needsBreak = anchor > 0 && !text.slice(0, anchor).endsWith("\n");
  const separator = anchor === 0 ? "" : (needsBreak ? style.eol : "") + style.eol;
  return { offset: anchor, length: 0, content: separator + table };
}

/** The table as TOML text in the file's line ends, its own header first. */
function tableText(path: KeyPath, value: unknown, style: TextStyle): string {
  const nested = path.reduceRight<unknown>((inner, segment) => ({ [String(segment)]: inner }), value);
  let body = stringify(nested).replace(/\n+$/, "");
  const firstLine = readHeader(body.split("\n")[0] ?? "");
  const ownHeader = !firstLine.array && firstLine.path?.join("\u0000") === path.join("\u0000");
  if (!ownHeader) body = `[${path.map(tomlKey).join(".")}]${body === "" ? "" : `\n\n${body}`}`;
  return `${body}\n`.replace(/\n/g, style.eol);
}

const tomlKey = (segment: string | number): string =>
  /^[A-Za-z0-9_-]+$/.test(String(segment)) ? String(segment) : JSON.stringify(String(segment));
