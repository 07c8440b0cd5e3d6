import { statSync } from "node:fs";
import { builtinClientPacks } from "../../clients/load-client-packs.js";
import { clientLoads, diskTree, loadsAnything } from "../../session-load/index.js";
import { chosenClients } from "../clients-option.js";
import { type Command, exitCodes, UsageError } from "../command.js";
import { loadsHelp } from "../help/loads.js";
import { renderLoads } from "../report/render-loads.js";
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
    if (args.values.format === "json") io.out(JSON.stringify({ clients: shown, nothing }, null, 2));
    else io.out(renderLoads(shown, nothing, wrapWidth(io.columns)));
    return exitCodes.ok;
  },
};

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
