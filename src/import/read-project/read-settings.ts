import type { ClientPack } from "../../clients/model.js";
import { otherServersKey } from "../../clients/other-servers-key.js";
import { placeThere, settingsPlaces } from "../../clients/settings-places.js";
import { sections } from "../../packs/index.js";
import { byReadRank, type ReadReport, type Section } from "../../packs/section.js";
import { withRuntimePlaceholders } from "../../packs/shared/pack-text.js";
import { isObject } from "../../shared/json-shape.js";
import { adjusted, itemReadContext, type ReadContext } from "../read-context.js";
import { readSettingsDocument, type SettingsDocument } from "../settings-document.js";
import { extrasAgree, unowned } from "../settings-values.js";

type Part = Section;

/**
 * A pack's settings files (permissions, hooks, MCP servers, a command allowlist, the sandbox, often in one file): each read once, each part
 * read back under its key, and every top-level key no part owns reported as staying in the project's file
 * (but its JSON schema and an empty list or object, which hold no setting).
 */
export function readPackSettings(ctx: ReadContext, pack: ClientPack): void {
  for (const [path, { format, parts, composed: own, standsFor }] of settingsFiles(pack)) {
    const composed = own || (standsFor !== undefined && installComposesHere(ctx, pack, path, standsFor));
    const kept = composed ? undefined : alsoReadWords(pack, standsFor ? [standsFor] : ownFiles(pack, parts));
    const document = readSettingsDocument(ctx, path, format, kept);
    if (!document) continue;
    if (standsFor) document.standsFor = standsFor;
    const owned = new Set<string>();
    for (const part of parts) for (const key of readPart(ctx, pack, part, document)) owned.add(key);
    const otherServers = otherServersKey(pack, standsFor ?? path, document.value);
    for (const key of Object.keys(document.value).filter((k) => !owned.has(k))) {
      if (key === schemaKey || holdsNothing(document.value[key])) document.leftOut.push([key]);
      else if (key === otherServers) unowned(ctx, document, [key], ...otherServersWords(pack, key));
      else unowned(ctx, document, [key]);
    }
  }
  for (const section of sections) section.settings?.readFiles?.(itemReadContext(ctx), pack, ctx.items);
}

/**
 * Whether the install composes the pack's file `standsFor` into `path`, one of its other places: the project
 * has no `standsFor` and no other place of it but this one (src/install/plan/composed-places.ts).
 */
function installComposesHere(ctx: ReadContext, pack: ClientPack, path: string, standsFor: string): boolean {
  const isFile = (p: string) => ctx.reader.entry(p).kind === "file" && !ctx.reader.throughLink(p);
  if (ctx.reader.entry(standsFor).kind !== "missing" || ctx.reader.throughLink(standsFor)) return false;
  const others = settingsPlaces([{ pack }]).get(standsFor) ?? [];
  return placeThere(others, isFile).place === path;
}

/** Why a file the client also reads stays as it is: where the build writes what import read from it. */
function alsoReadWords(pack: ClientPack, own: string[]): string {
  return `${pack.name} reads it besides ${own.join(", ")}, where the build writes what import read from it`;
}

/** The pack's own files the parts compose into. */
function ownFiles(pack: ClientPack, parts: Part[]): string[] {
  return parts.flatMap((part) => {
    const at = part.settings?.file(pack);
    return at ? [withRuntimePlaceholders(pack, at.file)] : [];
  });
}

/** Why servers under another client's key (clients/other-servers-key.ts) are not imported, and the hint. */
function otherServersWords(pack: ClientPack, key: string): [why: string, hint: string] {
  const own = pack.mcp?.key.join(".") ?? "";
  return [
    `is not where ${pack.name} reads MCP servers ("${own}" in this file), so it starts none of the servers listed here`,
    `Rename "${key}" to "${own}" in the project if ${pack.name} should start these servers (agentc lint reports it too), then import again to carry them in the registry; as it is, the file stays the project's own.`,
  ];
}

/** An editor's pointer to the file's JSON schema: no setting, so nothing to report; it stays in the file. */
const schemaKey = "$schema";

/** An empty list or object (`"inputs": []` in .vscode/mcp.json): the registry loses nothing by not carrying it. */
const holdsNothing = (value: unknown): boolean =>
  (Array.isArray(value) || isObject(value)) && Object.keys(value).length === 0;

/** The pack's settings files by path: the parts read in each, and whether the build composes into it. */
function settingsFiles(pack: ClientPack): Map<string, SettingsFile> {
  const files = new Map<string, SettingsFile>();
  const add = (at: { file: string; format: "json" | "toml" } | undefined, part: Part, composed = true) => {
    if (!at) return;
    const path = withRuntimePlaceholders(pack, at.file);
    const file = files.get(path) ?? { format: at.format, parts: [], composed };
    if (!file.parts.includes(part)) file.parts.push(part);
    file.composed ||= composed;
    files.set(path, file);
  };
  for (const section of [...sections].sort(byReadRank)) {
    add(section.settings?.file(pack), section);
    add(section.settings?.otherFile?.(pack), section);
    for (const file of section.settings?.alsoReadFiles?.(pack) ?? []) add(file, section, false);
  }
  for (const { file, as } of pack.also_reads?.settings_files ?? []) {
    const standsFor = withRuntimePlaceholders(pack, as);
    const own = files.get(standsFor);
    const path = withRuntimePlaceholders(pack, file);
    if (own && !files.has(path))
      files.set(path, { ...own, parts: [...own.parts], composed: false, standsFor });
  }
  return files;
}

interface SettingsFile {
  format: "json" | "toml";
  parts: Part[];
  /** False for a file the client only reads too (alsoReadFiles): the build writes nothing there. */
  composed: boolean;
  /** For another place of one of the pack's files (also_reads.settings_files): that file. */
  standsFor?: string;
}

/** Reads one part; returns the top-level keys it owns. */
function readPart(ctx: ReadContext, pack: ClientPack, part: Part, document: SettingsDocument): string[] {
  return part.settings?.read(pack, document, report(ctx, document), ctx.items) ?? [];
}

/** How a section's reader reports into import's findings about one document. */
function report(ctx: ReadContext, document: SettingsDocument): ReadReport {
  return {
    assistant: ctx.assistant,
    unowned: (path, why) => unowned(ctx, document, path, why),
    extrasAgree: (base, extras, container) => extrasAgree(ctx, document, base, extras, container),
    adjusted: (position, message, group) => adjusted(ctx, position, message, group),
  };
}
