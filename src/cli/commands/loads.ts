import { statSync } from "node:fs";
import { builtinClientPacks } from "../../clients/load-client-packs.js";
import { projectLoads } from "../../lint/project-loads.js";
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
    const loads = projectLoads(
      project,
      packs.filter((pack) => chosen.includes(pack.client)),
      named,
    );
    if (args.values.format === "json") io.out(JSON.stringify(loads, null, 2));
    else
      io.out(
        renderLoads(
          loads.clients,
          loads.nothing,
          wrapWidth(io.columns),
          loads.unmodelled,
          loads.caseVariants,
        ),
      );
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
