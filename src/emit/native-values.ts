import { type ParseError, parse } from "jsonc-parser";
import { parse as parseToml } from "smol-toml";
import type { KeyPath, OwnedEntry } from "../compose/model.js";
import type { NativeCopy } from "../registry/native-copies.js";
import { isObject } from "../shared/json-shape.js";
import { jsonTooDeepAt } from "../shared/nesting-limit.js";
import type { ComposedFile } from "./emitted-tree.js";

/**
 * A settings file the registry was imported from (native.json), while the core files its values became are
 * unchanged: the values the component composes into it are the project's own, as they were, at the same
 * keys (a hook with its own matcher and command, the permission list without the rules the build adds). So
 * installing the registry into that project finds every value already there and adds none beside it (a hook
 * would otherwise run twice). A server import renamed is found under the project's name; keys the project did
 * not have are left out, all of them where it has none; a file that cannot be read as JSON or TOML keeps the
 * component's own values.
 */
export function nativeValues(
  copy: NativeCopy,
  file: ComposedFile,
  renamed?: RenamedKeys,
): ComposedFile | undefined {
  const project = projectValue(copy, file);
  if (project === undefined) return undefined;
  const entries: OwnedEntry[] = [];
  const done = new Set<string>();
  for (const entry of file.entries) {
    const key = JSON.stringify(entry.path);
    if (done.has(key)) continue;
    done.add(key);
    const path =
      at(project, entry.path) === undefined
        ? (renamedFrom(project, entry.path, renamed) ?? entry.path)
        : entry.path;
    const value = at(project, path);
    if (value === undefined) continue;
    if (!entry.element) entries.push({ path, value });
    else if (Array.isArray(value))
      for (const element of value) entries.push({ path, value: element, element: true });
  }
  return { ...file, entries };
}

/**
 * The file's entries, each at the key the project's file has where import renamed it (the settings file's copy
 * is stale: the build's own values, under the names the person gave them in that file).
 */
export function atProjectKeys(
  copy: NativeCopy,
  file: ComposedFile,
  renamed: RenamedKeys | undefined,
): ComposedFile {
  const project = renamed ? projectValue(copy, file) : undefined;
  if (project === undefined) return file;
  const entries = file.entries.map((entry) => {
    if (at(project, entry.path) !== undefined) return entry;
    const path = renamedFrom(project, entry.path, renamed);
    return path ? { ...entry, path } : entry;
  });
  return { ...file, entries };
}

/** Keys import renamed under one container (MCP servers: "acme docs" became acme-docs), and how. */
export interface RenamedKeys {
  under: KeyPath;
  name: (written: string) => string;
}

/**
 * The project's key an entry's key was imported from, where import renamed it: the one key under the same
 * container that import names as the entry's.
 */
function renamedFrom(project: unknown, path: KeyPath, renamed: RenamedKeys | undefined): KeyPath | undefined {
  if (!renamed || path.length !== renamed.under.length + 1) return undefined;
  if (!renamed.under.every((key, i) => path[i] === key)) return undefined;
  const container = at(project, renamed.under);
  if (!isObject(container)) return undefined;
  const wanted = path[path.length - 1];
  const written = Object.keys(container).filter((key) => key !== wanted && renamed.name(key) === wanted);
  return written.length === 1 ? [...renamed.under, written[0] as string] : undefined;
}

/** The settings the copy holds, as the client reads them; undefined when it is not one file that parses. */
function projectValue(copy: NativeCopy, file: ComposedFile): unknown {
  if (copy.files.length !== 1) return undefined;
  return file.format === "toml" ? parsedToml(copy.files[0]?.bytes) : parsed(copy.files[0]?.bytes);
}

/** The project's settings as the client reads them: JSON with comments and trailing commas (.vscode/mcp.json). */
function parsed(bytes: Buffer | undefined): unknown {
  if (!bytes) return undefined;
  const text = bytes.toString("utf8").replace(/^\uFEFF/, "");
  if (jsonTooDeepAt(text) !== undefined) return undefined;
  const errors: ParseError[] = [];
  const value = parse(text, errors, { allowTrailingComma: true, disallowComments: false });
  return errors.length === 0 ? value : undefined;
}

/** The project's TOML settings, as the client reads them. */
function parsedToml(bytes: Buffer | undefined): unknown {
  if (!bytes) return undefined;
  try {
    return parseToml(bytes.toString("utf8").replace(/^\uFEFF/, ""));
  } catch {
    return undefined;
  }
}

function at(value: unknown, path: KeyPath): unknown {
  let here = value;
  for (const key of path) {
    if (here === null || typeof here !== "object") return undefined;
    here = (here as Record<string | number, unknown>)[key];
  }
  return here;
}
