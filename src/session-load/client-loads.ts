import { parse as parseJsonc } from "jsonc-parser";
import type { ClientPack } from "../clients/model.js";
import { sections } from "../packs/index.js";
import { packPath } from "../packs/shared/placeholders.js";
import { parseToml } from "../shared/bounded-toml.js";
import { jsonTooDeepAt } from "../shared/nesting-limit.js";
import { defaultAlwaysLoadedLimit } from "../shared/text-budget.js";
import type { LoadedText } from "./instruction-texts.js";
import type { ItemKind } from "./listed-items.js";
import type { ProjectTree } from "./project-tree.js";
import { readModel } from "./read-model.js";
import { ruleFolderOf, ruleMeaning } from "./rule-files.js";
import { loadedCharacters, repeatedTexts, sessionLoad } from "./session-load.js";

/** One file a client reads into every session, in its order. */
export interface StartFile {
  path: string;
  via: LoadedText["via"];
  /** The file that imports it (via "import"), or the link's target (via "link"). */
  from?: string;
  characters: number;
}

/** An item the client offers by name and loads when a task needs it. */
export interface OnDemandItem {
  kind: ItemKind;
  name: string;
  path: string;
  /** A rule's globs: it loads when a file matching one is in play. Empty: when the model or person asks. */
  globs?: string[];
  /** Further files of this name the client loads too. */
  copies: string[];
  /** Files of this name the client passes over for `path`. */
  shadowed: string[];
}

/** A configuration file the client reads, with the names inside that matter (servers, hook events). */
export interface ConfigFile {
  path: string;
  /** MCP server names, or hook events with their entry counts ("PreToolUse ×2"); undefined when unread. */
  names?: string[];
}

/** Exactly what one client loads from a project: the answer of `agentc loads`. */
export interface ClientLoads {
  client: string;
  name: string;
  start: StartFile[];
  /** Characters of every start file together, against the pack's always-loaded limit. */
  characters: number;
  limit: number;
  onDemand: OnDemandItem[];
  mcp: ConfigFile[];
  settings: ConfigFile[];
  /** Texts the client loads twice: the later path and the earlier one. */
  twice: { path: string; sameAs: string }[];
}

/** What client `pack` loads from `tree`, at session start and on demand, by its read model. */
export function clientLoads(pack: ClientPack, tree: ProjectTree): ClientLoads {
  const load = sessionLoad(pack, tree);
  const reads = readModel(pack);
  const alwaysRules = new Set(load.texts.filter((t) => t.via === "rule").map((t) => t.path));
  return {
    client: pack.client,
    name: pack.name,
    start: load.texts.map(startFile),
    characters: loadedCharacters(load),
    limit: pack.always_loaded_limit ?? defaultAlwaysLoadedLimit,
    onDemand: load.items
      .filter((item) => !(item.kind === "rule" && alwaysRules.has(item.path)))
      .map((item) => {
        const folder = item.kind === "rule" ? ruleFolderOf(reads.rules, item.path) : undefined;
        const text = folder ? tree.text(item.path) : undefined;
        const raw = pack.rule_triggers?.raw_fields;
        const globs = folder && text !== undefined ? ruleMeaning(folder, text, raw).globs : undefined;
        return { ...item, ...(globs ? { globs } : {}) };
      }),
    mcp: load.mcp.map((path) => sectionFile(pack, tree, path, "mcp")),
    settings: load.settings.map((path) => sectionFile(pack, tree, path, "settings")),
    twice: repeatedTexts(load).map(([first, later]) => ({ path: later.path, sameAs: first.path })),
  };
}

/** Whether the client loads anything at all from the project. */
export function loadsAnything(loads: ClientLoads): boolean {
  return loads.start.length + loads.onDemand.length + loads.mcp.length + loads.settings.length > 0;
}

function startFile(text: LoadedText): StartFile {
  const from = text.via === "import" ? text.from : text.via === "link" ? text.source : undefined;
  return {
    path: text.path,
    via: text.via,
    ...(from !== undefined ? { from } : {}),
    characters: Array.from(text.text).length,
  };
}

/** A file of the pack's sections listed with `list`, with the names the section reads in it; any other file is listed unread. */
function sectionFile(
  pack: ClientPack,
  tree: ProjectTree,
  path: string,
  list: "mcp" | "settings",
): ConfigFile {
  for (const section of sections) {
    const settings = section.settings;
    if (settings?.loads?.list !== list) continue;
    const files = [settings.file(pack), ...(settings.alsoReadFiles?.(pack) ?? [])];
    const file = files.find((f) => f && packPath(f.file, pack.runtime_placeholders) === path);
    if (file)
      return {
        path,
        names: settings.loads.names(pack, parsedConfig(tree.text(path) ?? "", file.format), path),
      };
  }
  return { path };
}

function parsedConfig(text: string, format: "json" | "toml"): unknown {
  if (format === "json") return jsonTooDeepAt(text) === undefined ? parseJsonc(text) : undefined;
  try {
    return parseToml(text);
  } catch {
    return undefined;
  }
}
