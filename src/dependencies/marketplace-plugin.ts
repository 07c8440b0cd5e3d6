import { packageDataFiles, readPackageData } from "../documents/package-data.js";
import { AgentcError } from "../shared/agentc-error.js";
import { parseJson } from "../shared/nesting-limit.js";
import { builtinPluginHostsDir } from "../shared/package-paths.js";
import type { SourceFiles } from "./model.js";
import { movedFiles } from "./moved-files.js";

/** Where the built-in plugin hosts keep a marketplace's file (plugin-hosts/*.json `marketplace.place`). */
function marketplacePlaces(): string[] {
  const places = packageDataFiles(builtinPluginHostsDir, "plugin-hosts").map(
    (file) => (readPackageData(file).value as { marketplace?: { place?: string } }).marketplace?.place,
  );
  return [...new Set(places.filter((place): place is string => typeof place === "string"))];
}

/** Where a plugin's parts go in the layered registry; hooks, MCP servers and the rest have other formats. */
const placed: Record<string, string> = {
  "skills/": "core/skills/",
  "agents/": "core/agents/",
  "commands/": "core/commands/",
};

interface Marketplace {
  plugins?: { name?: unknown; source?: unknown }[];
  metadata?: { pluginRoot?: unknown };
}

/**
 * The skills, agents and commands of one plugin of a plugin marketplace, from the files of the
 * marketplace's folder (the one holding a plugin host's marketplace file). Only a plugin whose source is a
 * relative path in the same repository is read.
 */
export function marketplacePlugin(content: SourceFiles, plugin: string | undefined): SourceFiles {
  if (plugin === undefined)
    throw new AgentcError(
      "dependency",
      "a marketplace dependency names no plugin",
      'Add "plugin": the plugin\'s name in marketplace.json.',
    );
  const folder = pluginFolder(readMarketplace(content.files), plugin);
  const found = movedFiles(content, (path) => {
    if (!path.startsWith(folder)) return undefined;
    const inPlugin = path.slice(folder.length);
    const part = Object.keys(placed).find((prefix) => inPlugin.startsWith(prefix));
    return part ? `${placed[part]}${inPlugin.slice(part.length)}` : undefined;
  });
  if (found.files.size === 0)
    throw new AgentcError(
      "dependency",
      `the plugin "${plugin}" (${folder}) has no skills/, agents/ or commands/`,
      "Only a plugin's skills, agents and commands can enter a registry.",
    );
  return found;
}

function readMarketplace(files: ReadonlyMap<string, Uint8Array>): Marketplace {
  const places = marketplacePlaces();
  const marketplaceFile = places.find((place) => files.has(place)) ?? places.join(" or ");
  const bytes = files.get(marketplaceFile);
  if (!bytes)
    throw new AgentcError(
      "dependency",
      `it has no ${marketplaceFile}`,
      "Point 'path' at the marketplace's folder.",
    );
  try {
    return parseJson(Buffer.from(bytes).toString("utf8")) as Marketplace;
  } catch (error) {
    throw new AgentcError(
      "dependency",
      `its ${marketplaceFile} is not JSON (${(error as Error).message})`,
      "Fix the marketplace.",
    );
  }
}

/** The plugin's folder inside the marketplace's, ending in "/". */
function pluginFolder(marketplace: Marketplace, plugin: string): string {
  const entries = Array.isArray(marketplace.plugins) ? marketplace.plugins : [];
  const entry = entries.find((e) => e?.name === plugin);
  if (!entry) {
    const names = entries.map((e) => String(e?.name)).join(", ");
    throw new AgentcError(
      "dependency",
      `the marketplace has no plugin "${plugin}"`,
      `It lists: ${names || "none"}.`,
    );
  }
  const root = typeof marketplace.metadata?.pluginRoot === "string" ? marketplace.metadata.pluginRoot : "";
  const source = typeof entry.source === "string" ? entry.source : undefined;
  if (source === undefined || /^[a-z]+:/i.test(source) || source.split("/").includes(".."))
    throw new AgentcError(
      "dependency",
      `the plugin "${plugin}" comes from ${JSON.stringify(entry.source)}, not a folder of the marketplace`,
      "Only plugins kept in the marketplace's own repository are read yet; depend on their repository with kind git.",
    );
  const joined = [root, source]
    .map((part) => part.replace(/^\.\/|^\.$/, "").replace(/^\/+|\/+$/g, ""))
    .filter(Boolean)
    .join("/");
  return joined === "" ? "" : `${joined}/`;
}
