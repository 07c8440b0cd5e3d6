import { builtinClientPacks } from "../../clients/load-client-packs.js";
import type { ClientPack } from "../../clients/model.js";
import { sections } from "../../packs/index.js";
import { byReadRank, type ReadReport, type Section } from "../../packs/section.js";
import { withRuntimePlaceholders } from "../../packs/shared/pack-text.js";
import { adjusted, itemReadContext, type ReadContext } from "../read-context.js";
import { readSettingsDocument, type SettingsDocument } from "../settings-document.js";
import { extrasAgree, unowned } from "../settings-values.js";

type Part = Section;

/**
 * A pack's settings files (permissions, hooks, MCP servers, a command allowlist, the sandbox, often in one file): each read once, each part
 * read back under its key, and every top-level key no part owns reported as staying in the project's file.
 */
export function readPackSettings(ctx: ReadContext, pack: ClientPack): void {
  for (const [path, { format, parts }] of settingsFiles(pack)) {
    const document = readSettingsDocument(ctx, path, format);
    if (!document) continue;
    const owned = new Set<string>();
    for (const part of parts) for (const key of readPart(ctx, pack, part, document)) owned.add(key);
    for (const key of Object.keys(document.value).filter((k) => !owned.has(k))) {
      const otherServers = path === mcpFile(pack) ? otherServersKey(pack, key) : undefined;
      if (key === schemaKey) document.leftOut.push([key]);
      else if (otherServers) unowned(ctx, document, [key], otherServers.why, otherServers.hint);
      else unowned(ctx, document, [key]);
    }
  }
  for (const section of sections) section.settings?.readFiles?.(itemReadContext(ctx), pack, ctx.items);
}

function mcpFile(pack: ClientPack): string | undefined {
  return pack.mcp ? withRuntimePlaceholders(pack, pack.mcp.file) : undefined;
}

/**
 * A top-level key of the pack's MCP file under which other assistants list their servers (`mcpServers` in
 * .vscode/mcp.json, which VS Code reads from `servers`): a copy from another assistant's file, whose servers
 * this one never starts. Said so, with the key it reads, rather than as a setting with no neutral equivalent.
 */
function otherServersKey(pack: ClientPack, key: string): { why: string; hint: string } | undefined {
  const own = pack.mcp?.key[0];
  if (own === undefined || key === own) return undefined;
  const others = builtinClientPacks().filter(({ pack: other }) => other.mcp?.key[0] === key);
  if (others.length === 0) return undefined;
  const names = others.map(({ pack: other }) => other.name);
  const who =
    names.length > 3 ? `${names.slice(0, 2).join(", ")} and ${names.length - 2} more` : names.join(", ");
  return {
    why: `is where other assistants (${who}) list MCP servers; ${pack.name} reads them from "${own}" in this file, so it starts none of these`,
    hint: `Rename the key to "${own}" in the project if ${pack.name} should start these servers, then import again to carry them in the registry; as it is, the file stays the project's own.`,
  };
}

/** An editor's pointer to the file's JSON schema: no setting, so nothing to report; it stays in the file. */
const schemaKey = "$schema";

function settingsFiles(pack: ClientPack): Map<string, { format: "json" | "toml"; parts: Part[] }> {
  const files = new Map<string, { format: "json" | "toml"; parts: Part[] }>();
  const add = (at: { file: string; format: "json" | "toml" } | undefined, part: Part): void => {
    if (!at) return;
    const path = withRuntimePlaceholders(pack, at.file);
    const file = files.get(path) ?? { format: at.format, parts: [] };
    if (!file.parts.includes(part)) file.parts.push(part);
    files.set(path, file);
  };
  for (const section of [...sections].sort(byReadRank)) {
    add(section.settings?.file(pack), section);
    add(section.settings?.otherFile?.(pack), section);
  }
  return files;
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
