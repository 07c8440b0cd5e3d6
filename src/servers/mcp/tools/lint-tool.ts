import { builtinClientPacks } from "../../../clients/load-client-packs.js";
import { lintProject } from "../../../lint/index.js";
import type { McpTool } from "../tool.js";
import {
  chosenClientIds,
  clientsProperty,
  existingFolder,
  folderProperty,
  objectSchema,
} from "../tool-input.js";
import { diagnosticsProperties, diagnosticsReport } from "./diagnostics-output.js";

export const lintTool: McpTool = {
  name: "lint",
  title: "Lint a project's assistant files",
  description:
    "Check any project's own assistant files (AGENTS.md and the other instruction files, rules, .mdc rules, SKILL.md, settings, hook and MCP files), with no agentc registry, against each client's documented constraints, as `agentc lint` does; writes nothing. Returns every diagnostic with its check id (AGCnnn), place, hint and docs URL.",
  inputSchema: objectSchema({ project: folderProperty("project"), clients: clientsProperty }),
  outputSchema: objectSchema({
    ...diagnosticsProperties,
    filesRead: { type: "integer", description: "how many assistant files were read" },
  }),
  writes: false,
  async run(input) {
    const project = existingFolder(input, "project");
    const known = builtinClientPacks().map((loaded) => loaded.pack.client);
    const clients = Array.isArray(input.clients) ? chosenClientIds(input, known) : undefined;
    const result = await lintProject(project, clients ? { clients } : {});
    return { ...diagnosticsReport(result.diagnostics), filesRead: result.filesRead };
  },
};
