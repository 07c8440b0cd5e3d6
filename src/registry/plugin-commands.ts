import { builtinClientPacks } from "../clients/load-client-packs.js";
import { blockingEvents, type CoreHook, type McpServer } from "../core/model.js";
import { dependenciesResolve } from "../dependencies/checks/dependencies-resolve.js";
import type { DependencyInput } from "../dependencies/model.js";
import { namedCommandFiles, pluginCommandsFolder } from "../dependencies/plugin-commands.js";
import { diagnostic } from "../diagnostics/check-meta.js";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { jsonSyntaxFindings } from "../documents/checks/json-is-well-formed.js";
import { type JsonDocument, type JsonPath, parseJsonDocument } from "../documents/json-document.js";
import type { HookMapping, ReadHook } from "../packs/hooks/model.js";
import { neutralEvent, reverseHookEntries } from "../packs/hooks/read.js";
import type { McpMapping } from "../packs/mcp/model.js";
import { coreServer, reverseServer } from "../packs/mcp/read.js";
import { isObject } from "../shared/json-shape.js";
import { builtinPluginHosts } from "./builtin-plugin-hosts.js";
import type { PluginHost } from "./plugin-host.js";

/** What a plugin dependency's MCP and hooks files give, in core's forms. */
export interface PluginCommands {
  mcpServers: McpServer[];
  hooks: CoreHook[];
}

const serverName = /^[A-Za-z0-9_-]+$/;

/**
 * The MCP servers and hooks of a plugin dependency (its files under `pluginCommandsFolder`), read through
 * its plugin host's data and client pack as `agentc import` reads a project's; an entry that cannot be
 * carried is reported once and left out. Only called for a dependency the registry trusts.
 */
export function pluginCommands(input: DependencyInput, diagnostics: Diagnostic[]): PluginCommands {
  const found: PluginCommands = { mcpServers: [], hooks: [] };
  for (const host of builtinPluginHosts().filter((h) => h.dependency !== undefined)) {
    const at = (file: string | undefined) =>
      file === undefined
        ? undefined
        : readFile(input, `${pluginCommandsFolder}/${host.host}/${file}`, diagnostics);
    const report = reporter(input, diagnostics);
    const pack = builtinClientPacks().find((p) => p.pack.client === host.client)?.pack;
    const mcp = pack?.mcp ?? portableMapping(host);
    const manifest = at(host.manifest?.path);
    const fromManifest = (key: string, file?: { file?: string; key?: string[] }) =>
      manifest ? manifestParts(manifest, key, file, at, report) : [];
    const mcpFile = at(host.mcp?.file);
    if (mcp && mcpFile) readServers(host, mcp, mcpFile, keyOrTop(host.mcp?.key, mcpFile), report, found);
    if (mcp)
      for (const [document, key] of fromManifest("mcpServers", host.mcp))
        readServers(host, mcp, document, key, report, found);
    const hooksFile = at(host.hooks?.file);
    if (pack?.hooks && hooksFile)
      readHooks(host, pack.hooks, hooksFile, keyOrTop(host.hooks?.key, hooksFile), report, found);
    if (pack?.hooks)
      for (const [document, key] of fromManifest("hooks", host.hooks))
        readHooks(host, pack.hooks, document, key, report, found);
  }
  return found;
}

type Report = (document: JsonDocument, path: JsonPath, why: string) => void;

function reporter(input: DependencyInput, diagnostics: Diagnostic[]): Report {
  return (document, path, why) =>
    diagnostics.push(
      diagnostic(dependenciesResolve, {
        position: document.positionOf(path),
        severity: "warning",
        message: `${path.join(".") || "The file"} of dependency "${input.name}" is left out of the build: ${why}`,
        hint: "Ask the plugin's authors for a form agentc can carry, or write the server or hook in core/ yourself.",
        group: "plugin dependency's commands left out",
      }),
    );
}

function readFile(input: DependencyInput, path: string, diagnostics: Diagnostic[]): JsonDocument | undefined {
  const bytes = input.files.get(path);
  if (!bytes) return undefined;
  const parsed = parseJsonDocument(`@${input.name}/${path}`, Buffer.from(bytes).toString("utf8"));
  diagnostics.push(...jsonSyntaxFindings(parsed.errors));
  return parsed.document;
}

/**
 * Where the manifest's `key` holds entries: the manifest itself when they are inline, or each file it names
 * (a path or a list of paths in the plugin, read like the host's default `file`); a path it names that the
 * plugin does not hold, or that leaves the plugin, is reported. The default file is read once.
 */
function manifestParts(
  manifest: JsonDocument,
  key: string,
  defaults: { file?: string; key?: string[] } | undefined,
  at: (file: string) => JsonDocument | undefined,
  report: Report,
): [JsonDocument, JsonPath][] {
  const value = isObject(manifest.value) ? manifest.value[key] : undefined;
  const paths = Array.isArray(value) ? value : [value];
  if (!paths.every((path) => typeof path === "string")) return [[manifest, [key]]];
  return paths.flatMap((path: string, index): [JsonDocument, JsonPath][] => {
    const where: JsonPath = Array.isArray(value) ? [key, index] : [key];
    const [file] = namedCommandFiles(path);
    if (file === undefined)
      report(manifest, where, `it names ${path}, which is not a path inside the plugin`);
    if (file === undefined || file === defaults?.file) return [];
    const document = at(file);
    if (!document) report(manifest, where, `it names ${path}, which the plugin does not hold`);
    return document ? [[document, keyOrTop(defaults?.key, document)]] : [];
  });
}

/** The host's key (`mcpServers`, `hooks`), or the whole file where a plugin writes its entries at the top. */
function keyOrTop(key: string[] = [], document: JsonDocument): JsonPath {
  const top = key[0];
  return isObject(document.value) && top !== undefined && !(top in document.value) ? [] : key;
}

/** The object of entries at `key`; nothing where the file has none, reported where it is no object. */
function objectAt(
  document: JsonDocument,
  key: JsonPath,
  of: string,
  report: Report,
): Record<string, unknown> {
  const value = key.reduce<unknown>((v, k) => (isObject(v) ? v[k as string] : undefined), document.value);
  if (value === undefined || isObject(value)) return value ?? {};
  report(document, key, `it is not an object of ${of}`);
  return {};
}

/**
 * A portable host's MCP entry as a client pack's template: one slot per field it keeps (`fields`), its
 * stdio `type` a literal; its variables are spelled as the core's `${NAME}`.
 */
function portableMapping(host: PluginHost): McpMapping | undefined {
  const fields = host.mcp?.fields;
  if (!fields?.stdio) return undefined;
  const template = (names: string[], type: string) =>
    Object.fromEntries(names.map((f) => [f, f === "type" ? type : `{${f}}`]));
  const remote = Object.entries(fields).find(([type]) => type !== "stdio")?.[1];
  return {
    file: host.mcp?.file ?? "",
    format: "json",
    key: host.mcp?.key ?? [],
    stdio: template(fields.stdio, "stdio"),
    ...(remote ? { remote: template(remote, "{transport}") } : {}),
  } as McpMapping;
}

function readServers(
  host: PluginHost,
  mapping: McpMapping,
  document: JsonDocument,
  key: JsonPath,
  report: Report,
  found: PluginCommands,
): void {
  for (const [name, value] of Object.entries(objectAt(document, key, "servers by name", report))) {
    const path = [...key, name];
    const reading = reverseServer(mapping, name, value, document.positionOf(path));
    if ("problem" in reading) {
      report(document, path, `it ${reading.problem}`);
      continue;
    }
    const own = notCarried(host, value);
    const server = coreServer(reading.server);
    const before = found.mcpServers.find((s) => s.name === name);
    if (!serverName.test(name)) report(document, path, "the name is not letters, digits, '_' and '-'");
    else if (before) report(document, path, `${before.position.file} names a server "${name}" already`);
    else if (own) report(document, path, own);
    else {
      for (const extra of reading.extra)
        report(document, [...path, ...extra], "it has no neutral equivalent");
      found.mcpServers.push(server);
    }
  }
}

function readHooks(
  host: PluginHost,
  mapping: HookMapping,
  document: JsonDocument,
  key: JsonPath,
  report: Report,
  found: PluginCommands,
): void {
  for (const [event, entries] of Object.entries(objectAt(document, key, "hook events", report))) {
    const path = [...key, event];
    const on = neutralEvent(mapping, event);
    if (!on) report(document, path, "the core has no such event");
    else if (!Array.isArray(entries)) report(document, path, "it is not a list of hooks");
    else
      for (const [index, entry] of entries.entries()) {
        const at = [...path, index];
        for (const reading of reverseHookEntries(mapping, on, entry, document.positionOf(at))) {
          if ("guard" in reading) continue;
          if ("problem" in reading) report(document, at, `it ${reading.problem}`);
          else if (notCarried(host, reading.hook.command))
            report(document, at, notCarried(host, reading.hook.command) as string);
          else {
            for (const lost of reading.lost) report(document, [...at, ...lost.path], `it ${lost.message}`);
            found.hooks.push(coreHook(reading.hook));
          }
        }
      }
  }
}

function coreHook({ verbs, failClosed, ...hook }: ReadHook): CoreHook {
  return {
    ...hook,
    ...(Array.isArray(verbs) ? { verbs } : {}),
    failClosed: failClosed === true && blockingEvents.includes(hook.event),
  };
}

/**
 * Why an entry cannot run outside the plugin: it names the plugin's own folder (`${CLAUDE_PLUGIN_ROOT}`,
 * `${PLUGIN_ROOT}`, the host's data folder), or, for a host whose commands are package paths, `./…`; the
 * plugin's files do not enter projects at a place the entry could name. Or it names the client's project
 * folder variable, which the other clients a core hook or server is written for do not set.
 */
function notCarried(host: PluginHost, entry: unknown): string | undefined {
  const variables = [host.variables.root, host.variables.data].filter((v): v is string => !!v);
  const text = JSON.stringify(entry);
  const named = variables.find((v) => text.includes(v));
  if (named) return `it names ${named}, the plugin's own folder, which does not enter the build`;
  const project = host.variables.project.find((v) => text.includes(v));
  if (project)
    return `it names ${project}, which only one client sets; a core hook runs from the project folder`;
  const command = isObject(entry) ? entry.command : undefined;
  if (host.mcp?.command_token && typeof command === "string" && command.startsWith("./"))
    return `its command ${command} is a file of the plugin, which does not enter the build`;
  return undefined;
}
