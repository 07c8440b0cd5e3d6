import { join } from "node:path";
import { ForeignFilesError, WriteError, writeBuild } from "../../../output/write-build.js";
import { compileRegistry } from "../../../pipeline/compile.js";
import { buildSite } from "../../../site/build-site.js";
import { type McpTool, ToolInputError } from "../tool.js";
import { folderProperty, objectSchema, registryFolder } from "../tool-input.js";
import { diagnosticsProperties, diagnosticsReport } from "./diagnostics-output.js";

export const buildTool: McpTool = {
  name: "build",
  title: "Build an agentc registry",
  description:
    "Check an agentc registry, then write the compiled tree, manifest.json, plugin packages and registry page into its build folder (<registry>/build), as `agentc build` does. Writes nothing when the registry has errors, and nothing outside the build folder.",
  inputSchema: objectSchema({ registry: folderProperty("registry") }),
  outputSchema: objectSchema({
    ...diagnosticsProperties,
    out: { type: "string", description: "the build folder" },
    written: { type: "array", items: { type: "string" } },
    removed: { type: "array", items: { type: "string" } },
    unchanged: { type: "integer" },
  }),
  writes: true,
  async run(input) {
    const registry = registryFolder(input);
    const out = join(registry, "build");
    const result = await compileRegistry(registry, { previousBuild: out });
    const report = diagnosticsReport(result.diagnostics);
    const { registry: loaded, tree, manifest, diagnostics } = result;
    if (!result.ok || !loaded || !tree || !manifest)
      return { ...report, out, written: [], removed: [], unchanged: 0 };
    try {
      const site = buildSite({ registry: loaded, tree, manifest, diagnostics });
      const written = writeBuild(out, tree, manifest, result.plugin, site);
      return {
        ...report,
        out,
        written: written.written,
        removed: written.removed,
        unchanged: written.unchanged.length,
      };
    } catch (error) {
      if (error instanceof WriteError || error instanceof ForeignFilesError)
        throw new ToolInputError(`nothing written: ${error.message}`);
      throw error;
    }
  },
};
