import { AgentcError } from "../shared/agentc-error.js";
import { parseJson } from "../shared/nesting-limit.js";
import type { DependencyDeclaration } from "./declaration.js";
import { manifestNamedFiles } from "./manifest-paths.js";
import type { SourceFiles } from "./model.js";
import { movedFiles } from "./moved-files.js";
import { pluginCommandFiles } from "./plugin-commands.js";
import { pluginHostData } from "./plugin-host-data.js";

/** Where the built-in plugin hosts keep a marketplace's file (plugin-hosts/*.json `marketplace.place`). */
function marketplacePlaces(): string[] {
  const places = pluginHostData<{ marketplace?: { place?: string } }>().map((h) => h.marketplace?.place);
  return [...new Set(places.filter((place): place is string => typeof place === "string"))];
}

/** Where a plugin's parts go in the layered registry; its hooks and MCP servers are read by the registry stage. */
const placed: Record<string, string> = {
  "skills/": "core/skills/",
  "agents/": "core/agents/",
  "commands/": "core/commands/",
};

interface PluginEntry {
  name?: unknown;
  source?: unknown;
}

interface Marketplace {
  plugins?: PluginEntry[];
  metadata?: { pluginRoot?: unknown };
}

/** A plugin entry's `source` that names another place: a repository, a folder of one, an npm package. */
interface ElsewhereSource {
  source?: unknown;
  repo?: unknown;
  url?: unknown;
  path?: unknown;
  ref?: unknown;
  sha?: unknown;
  package?: unknown;
  version?: unknown;
  registry?: unknown;
}

/** The name a plugin kept elsewhere has below its marketplace dependency (`market/plugin`). */
export const elsewherePluginName = "plugin";

/**
 * The skills, agents and commands at a marketplace plugin's root (`folder` inside `content`) and at the
 * paths its manifest names (`manifestNamedFiles`), as core/ holds them, and its MCP and hooks files where the registry stage reads them (`pluginCommandFiles`).
 */
export function marketplacePluginParts(content: SourceFiles, folder = ""): SourceFiles {
  const named = manifestNamedFiles(content, "marketplace-plugin", folder);
  const from = new Map<string, string>();
  const parts = movedFiles(content, (path) => {
    if (!path.startsWith(folder)) return undefined;
    const inPlugin = path.slice(folder.length);
    const part = Object.keys(placed).find((prefix) => inPlugin.startsWith(prefix));
    const to = part ? `${placed[part]}${inPlugin.slice(part.length)}` : named.get(path);
    if (to === undefined) return undefined;
    const other = from.get(to);
    if (other !== undefined && other !== path)
      throw new AgentcError(
        "dependency",
        `the plugin's ${other} and ${path} would both be ${to}`,
        "Two of the plugin's paths hold a file of one name; ask the plugin's authors to rename one.",
      );
    from.set(to, path);
    return to;
  });
  const commands = pluginCommandFiles(content, "marketplace-plugin", folder);
  return {
    files: new Map([...parts.files, ...commands.files]),
    executables: new Set([...parts.executables, ...commands.executables]),
  };
}

/**
 * The skills, agents and commands of one plugin of a plugin marketplace, from the files of the
 * marketplace's folder (the one holding a plugin host's marketplace file). A plugin kept elsewhere (another
 * repository, an npm package) is a dependency of this one (`marketplaceElsewhere`): then only the
 * marketplace file is kept, which pins its entry.
 */
export function marketplacePlugin(content: SourceFiles, plugin: string | undefined): SourceFiles {
  const { marketplace, file } = readMarketplace(content.files);
  const entry = pluginEntry(marketplace, named(plugin));
  if (typeof entry.source === "object" && entry.source !== null) {
    sourceDeclaration(entry.source as ElsewhereSource, named(plugin));
    return movedFiles(content, (path) => (path === file ? path : undefined));
  }
  const folder = pluginFolder(marketplace, entry, named(plugin));
  const found = marketplacePluginParts(content, folder);
  if (found.files.size === 0)
    throw new AgentcError(
      "dependency",
      `the plugin "${plugin}" (${folder}) has no skills/, agents/, commands/, MCP servers or hooks`,
      "Only a plugin's skills, agents, commands, MCP servers and hooks can enter a registry.",
    );
  return found;
}

/**
 * The dependency a marketplace's plugin entry names when the plugin is kept elsewhere, named
 * `elsewherePluginName`, from what `marketplacePlugin` kept; undefined for a plugin of the marketplace's own
 * folder (whose parts were kept instead of the marketplace file).
 */
export function marketplaceElsewhere(
  files: ReadonlyMap<string, Uint8Array>,
  plugin: string | undefined,
): DependencyDeclaration | undefined {
  if (!marketplacePlaces().some((place) => files.has(place))) return undefined;
  const entry = pluginEntry(readMarketplace(files).marketplace, named(plugin));
  return typeof entry.source === "object" && entry.source !== null
    ? sourceDeclaration(entry.source as ElsewhereSource, named(plugin))
    : undefined;
}

function named(plugin: string | undefined): string {
  if (plugin !== undefined) return plugin;
  throw new AgentcError(
    "dependency",
    "a marketplace dependency names no plugin",
    'Add "plugin": the plugin\'s name in marketplace.json.',
  );
}

const text = (value: unknown): string | undefined =>
  typeof value === "string" && value !== "" ? value : undefined;

/**
 * A plugin source object as the marketplace reference describes it (docs/dependencies.md names the
 * page and the date it was checked): `github` (`repo`
 * owner/name), `url` (a git URL), `git-subdir` (`url` and `path`), each with `ref` and a pinning `sha`;
 * `npm` (`package`, `version`, `registry`). The addresses are checked where they are fetched.
 */
function sourceDeclaration(source: ElsewhereSource, plugin: string): DependencyDeclaration {
  const base = { name: elsewherePluginName, provides: "marketplace-plugin" as const };
  const ref = text(source.sha) ?? text(source.ref);
  const pinned = ref !== undefined ? { ref } : {};
  const repo = text(source.repo);
  const url = text(source.url);
  const path = text(source.path);
  if (source.source === "github" && repo && /^[\w.-]+\/[\w.-]+$/.test(repo))
    return { ...base, kind: "git", source: `https://github.com/${repo}.git`, ...pinned };
  if (source.source === "url" && url) return { ...base, kind: "git", source: url, ...pinned };
  if (source.source === "git-subdir" && url && path)
    return { ...base, kind: "git", source: url, path, ...pinned };
  const name = text(source.package);
  const version = text(source.version);
  const registry = text(source.registry);
  if (source.source === "npm" && name)
    return {
      ...base,
      kind: "npm",
      source: name,
      ...(version ? { ref: version } : {}),
      ...(registry ? { npm_registry: registry } : {}),
    };
  throw new AgentcError(
    "dependency",
    `the plugin "${plugin}" comes from ${JSON.stringify(source)}, a source agentc does not read`,
    "agentc reads a folder of the marketplace, and github, url, git-subdir and npm sources.",
  );
}

function readMarketplace(files: ReadonlyMap<string, Uint8Array>): {
  marketplace: Marketplace;
  file: string;
} {
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
    const marketplace = parseJson(Buffer.from(bytes).toString("utf8")) as Marketplace;
    return { marketplace, file: marketplaceFile };
  } catch (error) {
    throw new AgentcError(
      "dependency",
      `its ${marketplaceFile} is not JSON (${(error as Error).message})`,
      "Fix the marketplace.",
    );
  }
}

function pluginEntry(marketplace: Marketplace, plugin: string): PluginEntry {
  const entries = Array.isArray(marketplace.plugins) ? marketplace.plugins : [];
  const entry = entries.find((e) => e?.name === plugin);
  if (entry) return entry;
  const names = entries.map((e) => String(e?.name)).join(", ");
  throw new AgentcError(
    "dependency",
    `the marketplace has no plugin "${plugin}"`,
    `It lists: ${names || "none"}.`,
  );
}

/** The plugin's folder inside the marketplace's, ending in "/". */
function pluginFolder(marketplace: Marketplace, entry: PluginEntry, plugin: string): string {
  const root = typeof marketplace.metadata?.pluginRoot === "string" ? marketplace.metadata.pluginRoot : "";
  const source = typeof entry.source === "string" ? entry.source : undefined;
  if (source === undefined || /^[a-z]+:/i.test(source) || source.split("/").includes(".."))
    throw new AgentcError(
      "dependency",
      `the plugin "${plugin}" comes from ${JSON.stringify(entry.source)}, not a folder of the marketplace`,
      "A plugin's source is a folder of the marketplace ('./plugins/x') or an object naming where it is kept.",
    );
  const joined = [root, source]
    .map((part) => part.replace(/^\.\/|^\.$/, "").replace(/^\/+|\/+$/g, ""))
    .filter(Boolean)
    .join("/");
  return joined === "" ? "" : `${joined}/`;
}
