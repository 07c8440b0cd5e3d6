import { builtinClientPacks } from "../../../clients/load-client-packs.js";
import { projectLoads } from "../../../lint/project-loads.js";
import type { McpTool } from "../tool.js";
import {
  chosenClientIds,
  clientsProperty,
  existingFolder,
  folderProperty,
  objectSchema,
} from "../tool-input.js";

export const loadsTool: McpTool = {
  name: "loads",
  title: "What each assistant loads",
  description:
    "For any project folder, with or without agentc's files: per assistant, the files it reads into every session (in order, with sizes, against its limit), the skills, agents, commands and rules it loads on demand (with shadowed copies), and the MCP and settings files it reads; as `agentc loads --format json`. Writes nothing.",
  inputSchema: objectSchema({ project: folderProperty("project"), clients: clientsProperty }),
  outputSchema: objectSchema({
    clients: { type: "array", items: { type: "object" }, description: "per assistant, what it loads" },
    nothing: { type: "array", items: { type: "string" }, description: "assistants that load nothing here" },
    unmodelled: {
      type: "array",
      items: { type: "object" },
      description: "assistants agentc writes rules for but has no read model of, with their files here",
    },
    caseVariants: {
      type: "array",
      items: { type: "object" },
      description:
        "entries where an assistant reads spelled in another case (path, readAs): read only where file names ignore case",
    },
  }),
  writes: false,
  async run(input) {
    const project = existingFolder(input, "project");
    const packs = builtinClientPacks().map((loaded) => loaded.pack);
    const chosen = chosenClientIds(
      input,
      packs.map((pack) => pack.client),
    );
    const named = Array.isArray(input.clients);
    const loads = projectLoads(
      project,
      packs.filter((pack) => chosen.includes(pack.client)),
      named,
    );
    return { ...loads };
  },
};
