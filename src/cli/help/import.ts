import { builtinAssistants } from "../../registry/assistants.js";
import type { CommandHelp } from "./command-help.js";

const exampleIds = builtinAssistants()
  .slice(0, 2)
  .map((assistant) => assistant.id)
  .join(",");

export const importHelp: CommandHelp = {
  arguments: [
    { name: "<project>", text: "the project whose native assistant files are read (never written)" },
  ],
  options: {
    out: { value: "DIR", text: "the new registry's folder: a new or empty one", required: true },
    verbose: {
      text: "list every finding in full (by default findings of one kind are one line with a count)",
    },
    from: {
      value: "a,b",
      text: "read only these assistants (ids as in `agentc matrix`)",
      default: "every assistant whose own files are found",
    },
  },
  exitCodes: {
    0: "the registry was written",
    1: "the registry written does not build, or nothing to import was found; every problem is listed (a native file that cannot be read is only a warning)",
    2: "a usage error: no project, no --out, an unknown assistant id",
  },
  examples: [
    { command: "agentc import . --out ../team-registry", text: "turn this project's files into a registry" },
    {
      command: `agentc import app --out reg --from ${exampleIds}`,
      text: "read only the files of these two assistants",
    },
  ],
};
