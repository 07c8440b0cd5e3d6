import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { builtinClientPacks } from "../../clients/load-client-packs.js";
import { builtinAssistantData } from "../../import/assistants.js";
import { alwaysOnPath } from "../../registry/install-files.js";
import { clientLoads, diskTree, loadsAnything } from "../../session-load/index.js";
import { chosenClients } from "../clients-option.js";
import { type Command, exitCodes, UsageError } from "../command.js";
import { loadsHelp } from "../help/loads.js";
import { renderLoads, type Unmodelled } from "../report/render-loads.js";
import { wrapWidth } from "../wrap.js";

export const loadsCommand: Command = {
  name: "loads",
  summary: "show what each assistant loads from a project: every session, on demand, MCP and settings",
  maxPositionals: 1,
  formats: ["pretty", "json"],
  help: loadsHelp,
  async run(args, io) {
    const project = args.positionals[0] ?? ".";
    if (!isFolder(project))
      throw new UsageError(`${project} is not a folder`, "give a project folder: agentc loads <project>");
    const packs = builtinClientPacks().map((loaded) => loaded.pack);
    const ids = packs.map((pack) => pack.client);
    const named = typeof args.values.clients === "string";
    const chosen = chosenClients(args.values.clients, { ids, label: "known clients", none: "none" });
    const tree = diskTree(project);
    const all = packs.filter((pack) => chosen.includes(pack.client)).map((pack) => clientLoads(pack, tree));
    const shown = named ? all : all.filter(loadsAnything);
    const nothing = named ? [] : all.filter((loads) => !loadsAnything(loads)).map((loads) => loads.client);
    const unmodelled = named ? [] : unmodelledFiles(project);
    if (args.values.format === "json")
      io.out(JSON.stringify({ clients: shown, nothing, unmodelled }, null, 2));
    else io.out(renderLoads(shown, nothing, wrapWidth(io.columns), unmodelled));
    return exitCodes.ok;
  },
};

/**
 * The assistants agentc writes rules for but has no read model of (a rule adapter, no client pack): which of
 * their files the project holds, so that "loads nothing" is not said of a folder one of them reads.
 */
function unmodelledFiles(project: string): Unmodelled[] {
  return builtinAssistantData().flatMap(({ id, name, adapter, pack }) => {
    // the single always-on file (AGENTS.md) is every client's, and the client packs model reading it
    if (pack || !adapter || adapter.global_placement === "single_file") return [];
    const pinned = alwaysOnPath(adapter);
    const dir = (adapter.output_dir ?? "").replace(/\/+$/, "");
    const files = [
      ...(pinned && isFile(join(project, pinned)) ? [pinned] : []),
      ...(dir && dir !== "." ? filesBelow(project, dir) : []),
    ];
    return files.length > 0 ? [{ assistant: id, name, files: [...new Set(files)].sort() }] : [];
  });
}

function filesBelow(project: string, dir: string): string[] {
  try {
    const found = readdirSync(join(project, dir), { recursive: true, withFileTypes: true });
    return found
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath ?? entry.path, entry.name).slice(project.length + 1))
      .map((path) => path.split("\\").join("/"));
  } catch {
    return [];
  }
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
