import { builtinAssistants } from "../../registry/assistants.js";
import { yesOptions } from "../yes-option.js";
import type { CommandHelp } from "./command-help.js";

const ids = builtinAssistants().map((assistant) => assistant.id);
const allIds = ids.join(", ");
const exampleIds = ids.slice(0, 2).join(",");

export const initHelp: CommandHelp = {
  arguments: [{ name: "[dir]", text: "the folder to write the registry into", default: "." }],
  options: {
    assistants: {
      value: "a,b",
      text: `the assistants the registry serves, written to targets.json: ${allIds}`,
      default: "asked on a terminal; otherwise none chosen, so every built-in is served",
    },
    ...yesOptions("ask nothing: take the defaults (for scripts and CI)"),
  },
  exitCodes: {
    0: "the registry was written",
    1: "a file of the template exists already in the folder; nothing was written",
    2: "the folder is a file or cannot be written; or a usage error",
  },
  examples: [
    { command: "agentc init my-registry", text: "write a small working registry into ./my-registry" },
    {
      command: `agentc init reg --assistants ${exampleIds}`,
      text: "a registry for the assistants the team uses",
    },
    {
      command: "agentc init --format json",
      text: "write it into the current folder; list the files as JSON",
    },
  ],
};
