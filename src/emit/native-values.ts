import { type ParseError, parse } from "jsonc-parser";
import { parse as parseToml } from "smol-toml";
import type { KeyPath, OwnedEntry } from "../compose/model.js";
import type { NativeCopy } from "../registry/native-copies.js";
import { jsonTooDeepAt } from "../shared/nesting-limit.js";
import type { ComposedFile } from "./emitted-tree.js";

/**
 * A settings file the registry was imported from (native.json), while the core files its values became are
 * unchanged: the values the component composes into it are the project's own, as they were, at the same
 * keys (a hook with its own matcher and command, the permission list without the rules the build adds). So
 * installing the registry into that project finds every value already there and adds none beside it (a hook
 * would otherwise run twice). Keys the project did not have are left out, all of them where it has none (a
 * server import renamed, whose entry stays under the project's name); a file that cannot be read as JSON or
 * TOML keeps the component's own values.
 */
export function nativeValues(copy: NativeCopy, file: ComposedFile): ComposedFile | undefined {
  if (copy.files.length !== 1) return undefined;
  const project = file.format === "toml" ? parsedToml(copy.files[0]?.bytes) : parsed(copy.files[0]?.bytes);
  if (project === undefined) return undefined;
  const entries: OwnedEntry[] = [];
  const done = new Set<string>();
  for (const entry of file.entries) {
    const key = JSON.stringify(entry.path);
    if (done.has(key)) continue;
    done.add(key);
    const value = at(project, entry.path);
    if (value === undefined) continue;
    if (!entry.element) entries.push({ path: entry.path, value });
    else if (Array.isArray(value))
      for (const element of value) entries.push({ path: entry.path, value: element, element: true });
  }
  return { ...file, entries };
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
