import { clientsOptions } from "../clients-option.js";
import type { CommandHelp } from "./command-help.js";

export const loadsHelp: CommandHelp = {
  arguments: [
    { name: "[project]", text: "any project folder, with or without agentc's files", default: "." },
  ],
  options: {
    ...clientsOptions("only these clients", "every client that loads something here"),
  },
  exitCodes: {
    0: "printed",
    2: "the project is not a folder; an unknown client in --clients; or a usage error",
  },
  examples: [
    {
      command: "agentc loads",
      text: "per assistant: the files it reads into every session, what it loads on demand, MCP and settings",
    },
    {
      command: "agentc loads ../service --format json",
      text: "the same for another folder, as JSON",
    },
  ],
};
