import { getNodeValue, type ParseError, parseTree, printParseErrorCode, visit } from "jsonc-parser";
import { TomlError } from "smol-toml";
import { pathText } from "../../compose/conflicts.js";
import { jsonView } from "../../compose/json-view.js";
import type { KeyPath, OwnedEntry, OwnedRecord } from "../../compose/model.js";
import type { DocumentView } from "../../compose/ownership-plan.js";
import { scanTables } from "../../compose/toml-tables.js";
import { tomlView } from "../../compose/toml-view.js";
import { canonicalJson, valueHash } from "../../compose/value-hash.js";
import { LineIndex } from "../../diagnostics/positions.js";
import { parseToml } from "../../shared/bounded-toml.js";
import { jsonTooDeepAt, tooDeepMessage } from "../../shared/nesting-limit.js";

/**
 * Reading a shared file the way the compose library does (JSON with comments and trailing commas, or
 * TOML), for the installer's summaries, its uninstall decision and `status`. Never edits.
 */
export type SharedFormat = "json" | "toml";

export type SharedDocument =
  | { ok: true; value: unknown; view: DocumentView; comments: boolean }
  | { ok: false; reason: string; line: number; column: number };

const byteOrderMark = "\uFEFF";
const jsonOptions = { allowTrailingComma: true, disallowComments: false };

export function readShared(format: SharedFormat, raw: string | undefined): SharedDocument {
  const text = (raw ?? "").startsWith(byteOrderMark) ? (raw ?? "").slice(1) : (raw ?? "");
  return format === "json" ? readJson(text) : readToml(text);
}

function readJson(text: string): SharedDocument {
  const source = text.trim() === "" ? "{}" : text;
  const deep = jsonTooDeepAt(source);
  if (deep !== undefined) {
    const { line, column } = new LineIndex("", source).position(deep);
    return { ok: false, reason: tooDeepMessage("JSON"), line, column };
  }
  const errors: ParseError[] = [];
  const root = parseTree(source, errors, jsonOptions);
  const first = errors[0];
  if (first || !root || root.type !== "object") {
    const { line, column } = new LineIndex("", source).position(first?.offset ?? 0);
    const reason = first ? printParseErrorCode(first.error) : "the top level is not an object";
    return { ok: false, reason, line, column };
  }
  let comments = false;
  visit(
    source,
    {
      onComment: () => {
        comments = true;
      },
    },
    jsonOptions,
  );
  return { ok: true, value: getNodeValue(root), view: jsonView(source, root), comments };
}

function readToml(text: string): SharedDocument {
  try {
    const value = parseToml(text);
    const comments = text.split(/\r?\n/).some((l) => l.trimStart().startsWith("#"));
    return { ok: true, value, view: tomlView(text, value, scanTables(text)), comments };
  } catch (error) {
    const toml = error instanceof TomlError ? error : undefined;
    const reason = ((error as Error).message ?? String(error)).split("\n")[0] ?? "";
    return { ok: false, reason, line: toml?.line ?? 1, column: toml?.column ?? 1 };
  }
}

/** The owned value at a path: its hash, or undefined when missing (or not reachable). */
export function hashAt(document: SharedDocument, record: Pick<OwnedRecord, "path" | "element" | "hash">) {
  if (!document.ok) return undefined;
  const found = record.element
    ? document.view.element(record.path, record.hash)
    : document.view.key(record.path);
  return found.state === "present" ? found.hash : undefined;
}

/**
 * Which owned values differ between two versions of a file: the entries agentc wants now and the values
 * it owned before, each compared by hash. Keys as a person reads them (mcpServers.docs,
 * permissions.deny[] "Read(./.env)").
 */
export function ownedChanges(
  before: SharedDocument,
  after: SharedDocument,
  entries: OwnedEntry[],
  previous: OwnedRecord[],
): { key: string; change: "add" | "update" | "remove" }[] {
  const candidates = new Map<string, { record: OwnedRecord; label: string }>();
  for (const e of entries) {
    const record = { path: e.path, hash: valueHash(e.value), ...(e.element ? { element: true } : {}) };
    candidates.set(identity(record), { record, label: label(e.path, e.element ? e.value : undefined) });
  }
  for (const r of previous)
    if (!candidates.has(identity(r)))
      candidates.set(identity(r), {
        record: r,
        label: label(r.path, r.element ? elementValue(before, r) : undefined),
      });
  const out: { key: string; change: "add" | "update" | "remove" }[] = [];
  const seenKeys = new Set<string>();
  for (const { record, label: key } of candidates.values()) {
    const probe = record.element ? record : { path: record.path };
    const was = hashAt(before, { ...probe, hash: record.hash });
    const now = hashAt(after, { ...probe, hash: record.hash });
    if (was === now || seenKeys.has(key)) continue;
    seenKeys.add(key);
    out.push({ key, change: was === undefined ? "add" : now === undefined ? "remove" : "update" });
  }
  return out;
}

const identity = (r: Pick<OwnedRecord, "path" | "element" | "hash">): string =>
  r.element ? `e${JSON.stringify(r.path)}${r.hash}` : `k${JSON.stringify(r.path)}`;

function label(path: KeyPath, element: unknown): string {
  const text = pathText(path);
  return element === undefined ? text : `${text}[] ${canonicalJson(element)}`;
}

function elementValue(document: SharedDocument, record: OwnedRecord): unknown {
  if (!document.ok) return "(an element)";
  let current: unknown = document.value;
  for (const segment of record.path)
    current =
      typeof current === "object" && current !== null
        ? (current as Record<string, unknown>)[segment]
        : undefined;
  const found = Array.isArray(current) ? current.find((v) => valueHash(v) === record.hash) : undefined;
  return found === undefined ? "(an element)" : found;
}

/**
 * Whether the file holds nothing but the empty parents agentc adds around its values (`{"mcpServers": {}}`,
 * `"deny": []`), without comments: a file agentc created and may delete once its values are gone.
 */
export function onlyEmptyParents(document: SharedDocument, owned: OwnedRecord[]): boolean {
  if (!document.ok || document.comments) return false;
  const skeleton = (value: unknown, at: KeyPath): boolean => {
    if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
    return Object.entries(value).every(([key, child]) => {
      const path = [...at, key];
      const arrayOfElements = owned.some((r) => r.element && samePath(r.path, path));
      if (arrayOfElements && Array.isArray(child)) return child.length === 0;
      const parent = owned.some(
        (r) => r.path.length > path.length && samePath(r.path.slice(0, path.length), path),
      );
      return parent && skeleton(child, path);
    });
  };
  return skeleton(document.value, []);
}

const samePath = (a: KeyPath, b: KeyPath): boolean => a.length === b.length && a.every((s, i) => s === b[i]);
