import { diagnosticLine } from "../../../diagnostics/diagnostic.js";
import { capabilityMatrix } from "../../../emit/matrix/capability-matrix.js";
import { secondLines } from "../../../emit/matrix/second-lines.js";
import { compileRegistry } from "../../../pipeline/compile.js";
import { type McpTool, ToolInputError } from "../tool.js";
import {
  chosenClientIds,
  clientsProperty,
  folderProperty,
  objectSchema,
  registryFolder,
} from "../tool-input.js";

export const matrixTool: McpTool = {
  name: "matrix",
  title: "What each client enforces",
  description:
    "For an agentc registry, per promise (a permission, a hook, a rule's trigger...) and per client: whether the client enforces it, only reads it as an instruction, or cannot express it; as `agentc matrix --format json`. The registry must check without errors.",
  inputSchema: objectSchema({ registry: folderProperty("registry"), clients: clientsProperty }),
  outputSchema: {
    type: "object",
    properties: {
      clients: { type: "array", items: { type: "string" } },
      promises: { type: "array", items: { type: "object" } },
      summary: { type: "object" },
      secondLine: { type: "object" },
    },
    required: ["clients", "promises", "summary"],
  },
  writes: false,
  async run(input) {
    const registry = registryFolder(input);
    const result = await compileRegistry(registry);
    if (!result.ok || !result.registry || !result.tree) {
      const errors = result.diagnostics.filter((d) => d.severity === "error").map((d) => diagnosticLine(d));
      throw new ToolInputError(
        `${registry} has ${errors.length} error(s), so it has no matrix; fix them first (the check tool lists them):\n${errors.join("\n")}`,
      );
    }
    const active = result.registry.clients.map((c) => c.pack.client);
    const matrix = capabilityMatrix(
      result.tree.capabilities,
      chosenClientIds(input, active, "none (the registry has no active client pack)"),
      result.registry.targets.accepted_losses,
      secondLines(result.registry),
    );
    return { ...matrix };
  },
};
