/**
 * `agentc lint`: a project's native assistant files held to each client's documented constraints, with no
 * registry (docs/lint.md). The CLI, the LSP and the MCP server import it from here.
 */

export { type FixedFile, fixedFiles } from "./fixed-files.js";
export type { LineEdit } from "./lint-context.js";
export { type LintOptions, type LintResult, lintProject } from "./lint-project.js";
