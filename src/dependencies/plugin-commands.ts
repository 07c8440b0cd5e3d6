import { parseJson } from "../shared/nesting-limit.js";
import type { SourceFiles } from "./model.js";
import { movedFiles } from "./moved-files.js";
import { hostOfDependency } from "./plugin-host-data.js";

/**
 * Where a plugin's MCP and hooks files are kept in the layered registry, below the id of the plugin host
 * whose format they are in (`plugin-commands/<host>/<path in the plugin>`): the registry stage reads them
 * into core servers and hooks when the registry trusts the dependency, else the content check leaves them out.
 */
export const pluginCommandsFolder = "plugin-commands";

/** The parts of a plugin host's data (plugin-hosts/*.json) that say where its commands are. */
interface HostFiles {
  host: string;
  dependency?: string;
  manifest?: { path: string };
  hooks?: { file: string };
  mcp?: { file?: string };
}

/** Keys of a plugin's manifest that hold MCP servers or hooks, inline or as paths of files. */
const inlineKeys = ["mcpServers", "hooks"];

/**
 * The MCP and hooks files of a plugin of the format `provides` names (at `folder` inside `content`), at
 * their place under `pluginCommandsFolder`: the host's default files, those its manifest names, and the
 * manifest too when it holds servers or hooks.
 */
export function pluginCommandFiles(content: SourceFiles, provides: string, folder = ""): SourceFiles {
  const host = hostOfDependency<HostFiles>(provides);
  if (!host) return { files: new Map(), executables: new Set() };
  const manifest = host.manifest?.path;
  const manifestValue =
    manifest === undefined ? undefined : readJson(content.files.get(`${folder}${manifest}`));
  const wanted = [
    host.mcp?.file,
    host.hooks?.file,
    ...inlineKeys.flatMap((key) => namedCommandFiles(objectOrEmpty(manifestValue)[key])),
  ].filter((f): f is string => f !== undefined);
  return movedFiles(content, (path) => {
    if (!path.startsWith(folder)) return undefined;
    const inPlugin = path.slice(folder.length);
    const kept = wanted.includes(inPlugin) || (inPlugin === manifest && holdsCommands(manifestValue));
    return kept ? `${pluginCommandsFolder}/${host.host}/${inPlugin}` : undefined;
  });
}

/**
 * The files of the plugin a manifest's `mcpServers` or `hooks` value names (a path or a list of paths from
 * the plugin's root), without their leading "./"; a path that leaves the plugin is none of them.
 */
export function namedCommandFiles(value: unknown): string[] {
  const list = Array.isArray(value) ? value : [value];
  return list
    .filter((v): v is string => typeof v === "string")
    .map((path) => path.replace(/^(\.\/)+/, ""))
    .filter((path) => path !== "" && !/^[a-z]+:|^\/|\\/i.test(path) && !path.split("/").includes(".."));
}

/** The manifest's JSON value; `notJson` for bytes that are no JSON. */
const notJson = Symbol("not JSON");

function readJson(bytes: Uint8Array | undefined): unknown {
  if (!bytes) return undefined;
  try {
    return parseJson(Buffer.from(bytes).toString("utf8"));
  } catch {
    return notJson;
  }
}

function objectOrEmpty(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
}

/** Whether the manifest holds servers or hooks (inline or as paths); one that is no JSON is kept, for its reader to report. */
function holdsCommands(value: unknown): boolean {
  if (value === notJson) return true;
  return typeof value === "object" && value !== null && inlineKeys.some((key) => key in value);
}
