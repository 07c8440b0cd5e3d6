import { settingsGrantNoSelfTrust } from "../checks/output/settings-grant-no-self-trust.js";
import type { ClientPack } from "../clients/model.js";
import { otherServersKey } from "../clients/other-servers-key.js";
import { diagnostic } from "../diagnostics/check-meta.js";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { withRuntimePlaceholders } from "../packs/shared/pack-text.js";
import { resolvedTrustKeys, trustHits } from "../packs/trust-keys/resolve.js";
import { isObject } from "../shared/json-shape.js";
import {
  missingHookScriptFinding,
  missingHooksFieldFinding,
  otherServersKeyFinding,
  serverStartFinding,
} from "./checks/client-reads-config-entries.js";
import { type ConfigDocument, configDocument, valueAt } from "./config-document.js";
import type { LineEdit, LintContext, RuleResult } from "./lint-context.js";
import { onceEach } from "./session-rules.js";

/**
 * The MCP and hooks files of each client's own format (AGC207): a server the client cannot start (neither a
 * command nor a URL, or a transport it does not speak), a hooks file without the fields the client requires
 * (--fix adds them when they are fixed values), a hook command that runs a project file that is not there.
 * And every settings file a client reads for keys that take trust decisions out of the person's hands (AGC108).
 */
export function configRule(ctx: LintContext): RuleResult {
  const diagnostics: Diagnostic[] = [];
  const edits: LineEdit[] = [];
  for (const { pack } of ctx.clients) {
    if (pack.mcp) diagnostics.push(...mcpFindings(pack, configDocument(ctx.tree, mcpFile(pack))));
    const hooksPath = pack.hooks ? withRuntimePlaceholders(pack, pack.hooks.file) : undefined;
    const hooks = hooksPath ? configDocument(ctx.tree, hooksPath) : undefined;
    if (hooks) {
      const found = hookFindings(ctx, pack, hooks);
      diagnostics.push(...found.diagnostics);
      edits.push(...found.edits);
    }
  }
  return { diagnostics: [...onceEach(diagnostics), ...trustFindings(ctx)], edits };
}

function mcpFile(pack: ClientPack): string {
  return withRuntimePlaceholders(pack, pack.mcp?.file ?? "");
}

/**
 * The servers of one client's MCP file that it cannot start, or all of them when they sit under another
 * client's key ("servers" in a file whose client reads "mcpServers").
 */
function mcpFindings(pack: ClientPack, doc: ConfigDocument | undefined): Diagnostic[] {
  const mapping = pack.mcp;
  if (!doc || !mapping) return [];
  const servers = valueAt(doc.value, mapping.key);
  const other = otherServersKey(pack, doc.file, doc.value);
  if (servers === undefined && other !== undefined)
    return [
      otherServersKeyFinding(
        { client: pack.name, file: doc.file, key: mapping.key, other },
        doc.positionOf([other], "key"),
      ),
    ];
  if (!isObject(servers)) return [];
  const transports = [...new Set([...(mapping.transports ?? []), ...ownTypeValues(mapping)])];
  const found: Diagnostic[] = [];
  for (const [name, entry] of Object.entries(servers)) {
    if (!isObject(entry) || turnsOff(mapping, entry)) continue;
    const at = [...mapping.key, name];
    const problem = serverStartFinding(
      { name, entry, file: doc.file },
      { name: pack.name, transports },
      (field) => doc.positionOf(field ? [...at, field] : at),
    );
    if (problem) found.push(problem);
  }
  return found;
}

/**
 * The transport names a client's own entry form writes as fixed values (`type: "local"` and
 * `"remote"`): the client speaks them, whatever the neutral names of its transports are.
 */
function ownTypeValues(mapping: NonNullable<ClientPack["mcp"]>): string[] {
  return [mapping.stdio, mapping.remote ?? {}].flatMap((form) =>
    ["type", "transport"].flatMap((field) => {
      const value = form[field];
      return typeof value === "string" && !value.includes("{") ? [value] : [];
    }),
  );
}

/**
 * An entry that only turns a server off (`enabled: false` where the client's form has an `enabled` field):
 * it switches off a server of that name from another of the client's config files, and needs no command.
 */
function turnsOff(mapping: NonNullable<ClientPack["mcp"]>, entry: Record<string, unknown>): boolean {
  const hasSwitch = "enabled" in mapping.stdio || (mapping.remote !== null && "enabled" in mapping.remote);
  return hasSwitch && entry.enabled === false && entry.command === undefined && entry.url === undefined;
}

function hookFindings(
  ctx: LintContext,
  pack: ClientPack,
  doc: ConfigDocument,
): { diagnostics: Diagnostic[]; edits: LineEdit[] } {
  const mapping = pack.hooks;
  const diagnostics: Diagnostic[] = [];
  const edits: LineEdit[] = [];
  if (!mapping) return { diagnostics, edits };
  const events = valueAt(doc.value, mapping.key);
  if (events === undefined) return { diagnostics, edits };
  for (const [key, value] of Object.entries(mapping.file_extra ?? {})) {
    if (doc.value[key] !== undefined) continue;
    diagnostics.push(missingHooksFieldFinding(doc.file, { key, value }, pack.name));
    const lines = (ctx.tree.text(doc.file) ?? "").split("\n");
    if (lines[0]?.trim() === "{")
      edits.push({
        file: doc.file,
        line: 2,
        op: "insert",
        text: `  ${JSON.stringify(key)}: ${JSON.stringify(value)},`,
      });
  }
  for (const { command, path } of hookCommands(events, mapping.key)) {
    const script = projectScript(command, mapping.hook_project_dir_var);
    if (script === undefined || ctx.tree.text(script) !== undefined) continue;
    diagnostics.push(missingHookScriptFinding(script, pack.name, doc.positionOf(path)));
  }
  return { diagnostics, edits };
}

/** Every "command" string below the hooks key, with its key path. */
function hookCommands(
  value: unknown,
  path: (string | number)[],
): { command: string; path: (string | number)[] }[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => hookCommands(v, [...path, i]));
  if (!isObject(value)) return [];
  return Object.entries(value).flatMap(([k, v]) =>
    k === "command" && typeof v === "string"
      ? [{ command: v, path: [...path, k] }]
      : hookCommands(v, [...path, k]),
  );
}

/** The project file a hook command runs first, when it names one: `./x.sh`, `.tool/hooks/x.sh`, `"$DIR"/x.sh`. */
function projectScript(command: string, dirVar: string | undefined): string | undefined {
  let first = command.trim().split(/\s+/)[0] ?? "";
  if (dirVar) first = first.replace(new RegExp(`^"?\\$\\{?${dirVar}\\}?"?/`), "");
  first = first.replace(/^["']|["']$/g, "");
  if (first.startsWith("$") || first.startsWith("/") || first.startsWith("~") || !first.includes("/"))
    return undefined;
  return first.replace(/^\.\//, "");
}

/** AGC108 on the project's own settings files: each key a client's pack names as one that bypasses trust. */
function trustFindings(ctx: LintContext): Diagnostic[] {
  const keys = resolvedTrustKeys(ctx.clients);
  const found: Diagnostic[] = [];
  for (const file of ctx.files) {
    const forFile = keys.filter((k) => k.matchesFile(file));
    if (forFile.length === 0) continue;
    const doc = configDocument(ctx.tree, file);
    if (!doc) continue;
    for (const hit of trustHits(doc.value, forFile))
      found.push(
        diagnostic(settingsGrantNoSelfTrust, {
          position: doc.positionOf(hit.path),
          message: `${file} sets ${hit.path.join(".")} (${hit.trustKey.clientName}, ${hit.trustKey.id}): it ${hit.trustKey.why}, decided by the repository for everyone who opens it`,
          hint: "Move the key to each person's own settings (a local or user settings file), unless the team decided it on purpose.",
        }),
      );
  }
  return found;
}
