import type { Position } from "../diagnostics/diagnostic.js";
import { parseNativeToml } from "../packs/shared/items/native-toml.js";
import type { KeyPath } from "../packs/shared/unfill-template.js";
import { isObject } from "../shared/json-shape.js";
import { maxSettingsBytes, nativeText, type ReadContext, unreadable } from "./read-context.js";
import { parseNativeJson } from "./read-project/native-json.js";

/** A settings file a client shares with the person (JSON or TOML), its value with positions. */
export interface SettingsDocument {
  file: string;
  /** The pack's own file this one is another place of: sections read it as that file. */
  standsFor?: string;
  format: "json" | "toml";
  value: Record<string, unknown>;
  positionOf(path: KeyPath): Position;
  /** Paths import left out (no neutral equivalent), which the round trip does not compare. */
  leftOut: KeyPath[];
  /** Values the pack writes as they are beside what it composes (a format `version`): no item of the registry. */
  extras: KeyPath[];
  /** Set for a file the build composes nothing into (readSettingsDocument's `keptBecause`). */
  kept?: true;
}

/**
 * Reads and parses one settings file; undefined when it is missing or (reported) unreadable. `keptBecause`: the
 * build composes nothing into it (a file its client also reads), why it stays the project's as it is.
 */
export function readSettingsDocument(
  ctx: ReadContext,
  path: string,
  format: "json" | "toml",
  keptBecause?: string,
): SettingsDocument | undefined {
  const kind = ctx.reader.entry(path).kind;
  if (kind === "missing" || kind === "folder") return undefined;
  const read = nativeText(ctx, path, maxSettingsBytes);
  if (!read) return undefined;
  const native = ctx.files.at(-1);
  const parsed = format === "json" ? json(path, read.text) : toml(path, read.text);
  for (const problem of parsed.problems) unreadable(ctx, problem.position, `${path}: ${problem.message}`);
  if (!parsed.document) return undefined;
  if (native && keptBecause !== undefined) native.keptBecause = keptBecause;
  else if (native) native.composed = format;
  const document: SettingsDocument = {
    ...parsed.document,
    file: path,
    format,
    leftOut: [],
    extras: [],
    ...(keptBecause !== undefined ? { kept: true as const } : {}),
  };
  if (native) {
    native.leftOut = document.leftOut;
    native.extras = document.extras;
  }
  return document;
}

type Parsed = {
  document?: { value: Record<string, unknown>; positionOf(path: KeyPath): Position };
  problems: { position: Position; message: string }[];
};

function json(path: string, text: string): Parsed {
  const { document, problems } = parseNativeJson(path, text);
  if (!document) return { problems };
  if (!isObject(document.value))
    return {
      problems: [{ position: { file: path, line: 1, column: 1 }, message: "the file holds no JSON object" }],
    };
  return { document: { value: document.value, positionOf: (p) => document.positionOf(p) }, problems: [] };
}

function toml(path: string, text: string): Parsed {
  const { toml: parsed, problems } = parseNativeToml(path, text);
  return parsed
    ? { document: { value: parsed.value, positionOf: (p) => parsed.positionOf(p) }, problems: [] }
    : { problems };
}
