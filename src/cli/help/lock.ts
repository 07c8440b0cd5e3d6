import { loadOptions } from "../load-options.js";
import type { CommandHelp } from "./command-help.js";

export const lockHelp: CommandHelp = {
  arguments: [
    {
      name: "[registry]",
      text: "the registry folder whose sources.json declares the dependencies",
      default: ".",
    },
  ],
  options: {
    "cache-dir": loadOptions["cache-dir"],
  },
  exitCodes: {
    0: "agentc.lock pins every dependency (written when it changed)",
    1: "a dependency could not be resolved or fetched, or agentc.lock is damaged or another registry's",
    2: "usage error or internal failure",
  },
  examples: [
    { command: "agentc lock", text: "pin each dependency of ./sources.json to a commit, version or digest" },
    { command: "agentc lock team-registry", text: "the same for another folder; commit its agentc.lock" },
  ],
};
