import { posix } from "node:path";
import { canonicalJson } from "../../compose/value-hash.js";
import { groupFile, type Position, type Severity } from "../../diagnostics/diagnostic.js";
import { parseNativeMarkdown } from "../../packs/shared/items/native-markdown.js";
import type { KeyPath } from "../../packs/shared/unfill-template.js";
import { parseToml } from "../../shared/bounded-toml.js";
import { isObject } from "../../shared/json-shape.js";
import type { NativeFile } from "../model.js";
import { parseNativeJson } from "../read-project/native-json.js";
import type { Installed } from "./installed-view.js";

/** One difference between a native file and what the build of the imported registry installs there. */
export interface Difference {
  position: Position;
  severity: Severity;
  message: string;
  hint?: string;
  /** The kind of difference, the same at every file that has it (Diagnostic.group). */
  group?: string;
  /** Other files the difference is about (the files the build also writes, after the first). */
  related?: { position: Position; message: string }[];
}

/** The native file against what an install writes at its path; undefined when they are the same. */
export function compareNative(
  file: NativeFile,
  installed: Installed,
  targetBytes?: Buffer,
): Difference | undefined {
  if (installed.kind === "link") return compareLink(file, installed, targetBytes);
  if (file.linkTarget !== undefined && installed.kind === "file")
    return at(
      file.path,
      1,
      "info",
      `${file.path} is a link to ${file.linkTarget}; the build writes it as a file ${
        file.bytes?.equals(installed.bytes)
          ? "of the same text, so agentc install leaves the link as it is while the two agree"
          : "of its own"
      }`,
    );
  if (!file.bytes) return undefined;
  if (installed.kind === "composed") return compareComposed(file, file.bytes.toString("utf8"), installed);
  return compareText(file.path, file.bytes.toString("utf8"), installed.bytes.toString("utf8"));
}

function compareLink(
  file: NativeFile,
  link: Extract<Installed, { kind: "link" }>,
  targetBytes?: Buffer,
): Difference | undefined {
  if (file.linkTarget !== undefined) {
    const points = posix.normalize(posix.join(posix.dirname(file.path), file.linkTarget));
    if (points === link.target) return undefined;
    return at(
      file.path,
      1,
      "warning",
      `${file.path} links to ${file.linkTarget}; the build links it to ${link.target}`,
    );
  }
  const text = file.bytes?.toString("utf8") ?? "";
  const fallback = link.fallback.kind === "import" ? link.fallback.text : undefined;
  if (fallback !== undefined && text.trim() === fallback.trim())
    return at(
      file.path,
      1,
      "info",
      `${file.path} includes ${link.target} with "${fallback}"; the build writes a link to it (that line where links are refused)`,
    );
  if (targetBytes && file.bytes?.equals(targetBytes))
    return at(
      file.path,
      1,
      "info",
      `${file.path} becomes a link to ${link.target}, which holds the same text`,
    );
  return at(
    file.path,
    1,
    "warning",
    `${file.path} becomes a link to ${link.target}, which carries the rules imported from both`,
  );
}

/** Byte for byte, else the first line that differs; only layout or HTML comments apart is an info. */
export function compareText(path: string, native: string, built: string): Difference | undefined {
  if (native === built) return undefined;
  if (native.includes("\r") && native.replace(/\r\n?/g, "\n") === built)
    return at(
      path,
      1,
      "info",
      `${path} is rebuilt with other line endings: the project has CRLF, the build writes LF`,
    );
  const a = native.split("\n");
  const b = built.split("\n");
  let line = 0;
  while (line < a.length && line < b.length && a[line] === b[line]) line++;
  const severity = sameWords(native, built) || sameValues(path, native, built) ? "info" : "warning";
  const field = severity === "warning" ? fieldDifference(path, native, built) : undefined;
  if (field) return field;
  const shown = (text: string | undefined) =>
    text === undefined ? "no more lines" : text === "" ? "an empty line" : `\`${clip(text)}\``;
  const has = shown(a[line]);
  const writes = shown(b[line]);
  return at(
    path,
    line + 1,
    severity,
    `${path} is rebuilt differently from line ${line + 1}: the project has ${has}, the build writes ${writes}`,
    "is rebuilt with other lines than the project has",
  );
}

function compareComposed(
  file: NativeFile,
  text: string,
  installed: Extract<Installed, { kind: "composed" }>,
): Difference | undefined {
  if (text === installed.text) return undefined;
  const native = parsed(installed.format, text);
  const built = parsed(installed.format, installed.text);
  if (native === undefined || built === undefined) return compareText(file.path, text, installed.text);
  // the build composes the project's own values while core/ is as imported (src/emit/native-values.ts): each
  // value it composes is the project's, and what it does not compose stays in the project's file
  const asItWas = leafDifferences(native, built, []).every((d) => d.built === undefined);
  const found = asItWas ? [] : leafDifferences(withoutPaths(native, file.leftOut ?? []), built, []);
  const [first] = found;
  if (!first)
    return at(file.path, 1, "info", `${file.path} is composed with the same values in agentc's layout`);
  const more = found.length > 1 ? ` (and ${found.length - 1} more)` : "";
  const show = (v: unknown) => (v === undefined ? "nothing" : clip(JSON.stringify(v)));
  // The project's value as the file has it, with what import left out (the person sees their own line).
  const has = valueAt(native, first.keys);
  const message = `${file.path} is composed with other values at ${first.path}: the project has ${show(has)}, the build composes ${show(first.built)}${more}`;
  const twice = found.filter((d) => entriesOnlyNative(d) > 0);
  // Keys or list entries only the build adds (a literal such as "type": "stdio") keep the meaning.
  const adds = found.every((d) => d.native === undefined || onlyAdds(d));
  const severity = adds ? "info" : "warning";
  if (twice.length === 0) return at(file.path, 1, severity, message);
  const where = twice.map((d) => d.path).join(", ");
  return {
    ...at(
      file.path,
      1,
      "warning",
      `${message}; the install keeps the project's entries at ${where} beside its own, so they would be there twice`,
    ),
    hint: `The registry now carries them: remove them from ${file.path} before agentc install (it never removes a value it did not write).`,
  };
}

/** A list the build writes with every entry the project has, and more: the install only adds. */
function onlyAdds(d: LeafDifference): boolean {
  return Array.isArray(d.native) && Array.isArray(d.built) && entriesOnlyNative(d) === 0;
}

/** Entries of the project's list the build writes otherwise: composed, both stay. */
function entriesOnlyNative(d: LeafDifference): number {
  if (!Array.isArray(d.native) || !Array.isArray(d.built)) return 0;
  const built = new Set(d.built.map(canonicalJson));
  return d.native.filter((entry) => !built.has(canonicalJson(entry))).length;
}

interface LeafDifference {
  path: string;
  keys: string[];
  native: unknown;
  built: unknown;
}

function leafDifferences(native: unknown, built: unknown, path: string[]): LeafDifference[] {
  if (canonicalJson(native) === canonicalJson(built)) return [];
  if (!isObject(native) || !isObject(built))
    return [{ path: path.join(".") || "the top level", keys: path, native, built }];
  const keys = [...new Set([...Object.keys(native), ...Object.keys(built)])].sort();
  return keys.flatMap((key) => leafDifferences(native[key], built[key], [...path, key]));
}

function valueAt(value: unknown, keys: string[]): unknown {
  let node = value;
  for (const key of keys) node = isObject(node) ? node[key] : undefined;
  return node;
}

/** A settings file every value of which import left out (each reported), or one with no values at all. */
export function carriesNothing(file: NativeFile): boolean {
  if (!file.composed || !file.bytes) return false;
  const value = parsed(file.composed, file.bytes.toString("utf8").replace(/^\uFEFF/, ""));
  // a format version the pack writes beside its values is none of them
  return (
    value !== undefined && !hasLeaf(withoutPaths(value, [...(file.leftOut ?? []), ...(file.extras ?? [])]))
  );
}

function hasLeaf(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(hasLeaf);
  if (isObject(value)) return Object.values(value).some(hasLeaf);
  return true;
}

function parsed(format: "json" | "toml", text: string): unknown {
  if (format === "json") return parseNativeJson("", text).document?.value;
  try {
    return parseToml(text);
  } catch {
    return undefined;
  }
}

/** The value without what import left out; deeper paths and later list elements go first. */
function withoutPaths(value: unknown, paths: KeyPath[]): unknown {
  const copy = structuredClone(value) as Record<string, unknown>;
  const order = (x: KeyPath, y: KeyPath) =>
    y.length - x.length || Number(y.at(-1) ?? 0) - Number(x.at(-1) ?? 0) || 0;
  for (const path of [...paths].sort(order)) {
    let node: unknown = copy;
    for (const key of path.slice(0, -1)) node = (node as Record<string, unknown> | undefined)?.[String(key)];
    const last = path.at(-1);
    if (Array.isArray(node) && typeof last === "number") node.splice(last, 1);
    else if (node && typeof node === "object" && last !== undefined)
      delete (node as Record<string, unknown>)[String(last)];
  }
  return copy;
}

/** The first frontmatter field the build writes otherwise (or not at all), at its line in the native file. */
function fieldDifference(path: string, native: string, built: string): Difference | undefined {
  const a = parseNativeMarkdown(path, native).markdown;
  const b = parseNativeMarkdown(path, built).markdown;
  if (!a?.hasFrontmatter || !b?.hasFrontmatter) return undefined;
  const keys = [...new Set([...Object.keys(a.values), ...Object.keys(b.values)])];
  const key = keys.find((k) => canonicalJson(a.values[k]) !== canonicalJson(b.values[k]));
  if (key === undefined) return undefined;
  const show = (v: unknown) => (v === undefined ? "none" : `\`${clip(JSON.stringify(v))}\``);
  const { line } = key in a.values ? a.positionOf(key) : { line: 1 };
  const text = withoutComments(a.body) === withoutComments(b.body) ? "" : " (and the text below differs)";
  return at(
    path,
    line,
    "warning",
    `${path} is rebuilt with another "${key}" in its frontmatter: the project has ${show(a.values[key])}, the build writes ${show(b.values[key])}${text}`,
    `${groupFile} is rebuilt with another "${key}" in its frontmatter`,
  );
}

/** The same fields and text in another layout: TOML values, or YAML frontmatter values and the body. */
function sameValues(path: string, native: string, built: string): boolean {
  if (path.endsWith(".toml")) {
    const [a, b] = [parsed("toml", native), parsed("toml", built)];
    return a !== undefined && canonicalJson(a) === canonicalJson(b);
  }
  const a = parseNativeMarkdown(path, native).markdown;
  const b = parseNativeMarkdown(path, built).markdown;
  if (!a?.hasFrontmatter || !b?.hasFrontmatter) return false;
  return (
    canonicalJson(a.values) === canonicalJson(b.values) && withoutComments(a.body) === withoutComments(b.body)
  );
}

function withoutComments(text: string): string {
  return text.replace(/<!--[\s\S]*?-->/g, "").trim();
}

/** The same words once HTML comments (no client shows them) and layout are taken out. */
function sameWords(a: string, b: string): boolean {
  const words = (text: string) =>
    text
      .replace(/<!--[\s\S]*?-->/g, " ")
      .replace(/\s+/g, " ")
      .trim();
  return words(a) === words(b);
}

function clip(text: string): string {
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

function at(file: string, line: number, severity: Severity, message: string, group?: string): Difference {
  return { position: { file, line, column: 1 }, severity, message, ...(group ? { group } : {}) };
}
