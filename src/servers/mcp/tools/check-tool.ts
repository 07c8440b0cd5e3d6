import { compileRegistry } from "../../../pipeline/compile.js";
import type { McpTool } from "../tool.js";
import { folderProperty, objectSchema, registryFolder } from "../tool-input.js";
import { diagnosticsProperties, diagnosticsReport } from "./diagnostics-output.js";

export const checkTool: McpTool = {
  name: "check",
  title: "Check an agentc registry",
  description:
    "Load and check an agentc registry (the folder with sources.json or targets.json) as `agentc check` does; writes nothing. Returns every diagnostic with its check id (AGCnnn), place, hint and docs URL.",
  inputSchema: objectSchema({ registry: folderProperty("registry") }),
  outputSchema: objectSchema(diagnosticsProperties),
  writes: false,
  async run(input) {
    return diagnosticsReport((await compileRegistry(registryFolder(input))).diagnostics);
  },
};
