import type { McpTool } from "../tool.js";
import { buildTool } from "./build-tool.js";
import { checkTool } from "./check-tool.js";
import { lintTool } from "./lint-tool.js";
import { loadsTool } from "./loads-tool.js";
import { matrixTool } from "./matrix-tool.js";

/** The tools of `agentc mcp`, in the order `tools/list` gives them. */
export const mcpTools: readonly McpTool[] = [lintTool, loadsTool, matrixTool, checkTool, buildTool];
