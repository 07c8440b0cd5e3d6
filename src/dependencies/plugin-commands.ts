import { packageDataFiles, readPackageData } from "../documents/package-data.js";
import { parseJson } from "../shared/nesting-limit.js";
import { builtinPluginHostsDir } from "../shared/package-paths.js";
import type { SourceFiles } from "./model.js";
import { movedFiles } from "./moved-files.js";

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

/** Keys of a plugin's manifest that hold MCP servers or hooks inline. */
const inlineKeys = ["mcpServers", "hooks"];

/**
 * The MCP and hooks files of a plugin of the format `provides` names (at `folder` inside `content`), at
 * their place under `pluginCommandsFolder`; its manifest too when it holds servers or hooks inline.
 */
export function pluginCommandFiles(content: SourceFiles, provides: string, folder = ""): SourceFiles {
  const host = packageDataFiles(builtinPluginHostsDir, "plugin-hosts")
    .map((file) => readPackageData(file).value as HostFiles)
    .find((h) => h.dependency === provides);
  if (!host) return { files: new Map(), executables: new Set() };
  const manifest = host.manifest?.path;
  const wanted = [host.mcp?.file, host.hooks?.file].filter((f): f is string => f !== undefined);
  return movedFiles(content, (path) => {
    if (!path.startsWith(folder)) return undefined;
    const inPlugin = path.slice(folder.length);
    const kept =
      wanted.includes(inPlugin) || (inPlugin === manifest && holdsCommands(content.files.get(path)));
    return kept ? `${pluginCommandsFolder}/${host.host}/${inPlugin}` : undefined;
  });
}

/** Whether the manifest holds servers or hooks inline; one that is no JSON is kept, for its reader to report. */
function holdsCommands(bytes: Uint8Array | undefined): boolean {
  try {
    const value: unknown = parseJson(Buffer.from(bytes ?? []).toString("utf8"));
    return typeof value === "object" && value !== null && inlineKeys.some((key) => key in value);
  } catch {
    return true;
  }
}
