import type { ClientPack } from "../clients/model.js";
import { withRuntimePlaceholders } from "../clients/pack-text.js";
import type { ReadContext } from "./read-context.js";
import { readExecPolicyLines, readExecPolicyLists } from "./read-settings-exec-policy.js";
import { readHooks } from "./read-settings-hooks.js";
import { readServers } from "./read-settings-mcp.js";
import { readOsReadDeny } from "./read-settings-os-read-deny.js";
import { readPermissions } from "./read-settings-permissions.js";
import { readSettingsDocument, type SettingsDocument } from "./settings-document.js";
import { unowned } from "./settings-values.js";

type Part = "permissions" | "hooks" | "mcp" | "exec_policy" | "os_read_deny";

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
    for (const key of Object.keys(document.value).filter((k) => !owned.has(k)))
      if (key === schemaKey) document.leftOut.push([key]);
      else unowned(ctx, document, [key]);
  }
  readExecPolicyLines(ctx, pack);
}

/** An editor's pointer to the file's JSON schema: no setting, so nothing to report; it stays in the file. */
const schemaKey = "$schema";

function settingsFiles(pack: ClientPack): Map<string, { format: "json" | "toml"; parts: Part[] }> {
  const files = new Map<string, { format: "json" | "toml"; parts: Part[] }>();
  for (const part of ["permissions", "hooks", "mcp"] as const) {
    const mapping = pack[part];
    if (!mapping) continue;
    const path = withRuntimePlaceholders(pack, mapping.file);
    const file = files.get(path) ?? { format: mapping.format, parts: [] };
    file.parts.push(part);
    files.set(path, file);
  }
  const sandbox = pack.os_read_deny?.write;
  if (sandbox) {
    const path = withRuntimePlaceholders(pack, sandbox.file);
    const file = files.get(path) ?? { format: sandbox.format, parts: [] };
    file.parts.push("os_read_deny");
    files.set(path, file);
  }
  const policy = pack.exec_policy;
  if (policy?.shape === "json_list") {
    const path = withRuntimePlaceholders(pack, policy.file);
    const file = files.get(path) ?? { format: "json" as const, parts: [] };
    file.parts.push("exec_policy");
    files.set(path, file);
  }
  return files;
}

/** Reads one part; returns the top-level keys it owns. */
function readPart(ctx: ReadContext, pack: ClientPack, part: Part, document: SettingsDocument): string[] {
  if (part === "permissions" && pack.permissions)
    return readPermissions(ctx, pack, pack.permissions, document);
  if (part === "hooks" && pack.hooks) return readHooks(ctx, pack, pack.hooks, document);
  if (part === "mcp" && pack.mcp) return readServers(ctx, pack.mcp, document);
  if (part === "exec_policy" && pack.exec_policy) return readExecPolicyLists(ctx, pack.exec_policy, document);
  if (part === "os_read_deny" && pack.os_read_deny?.write)
    return readOsReadDeny(ctx, pack.os_read_deny.write, document);
  return [];
}
