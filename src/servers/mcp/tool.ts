/** A JSON Schema, as MCP carries a tool's input and output schemas. */
export type JsonSchema = { type: "object" } & Record<string, unknown>;

/** One tool of `agentc mcp`: what `tools/list` says of it, and what a call runs. */
export interface McpTool {
  name: string;
  title: string;
  description: string;
  inputSchema: JsonSchema;
  outputSchema: JsonSchema;
  /** Does the tool write files? (`build` does, into the registry's build folder.) */
  writes: boolean;
  /** The structured result; throws ToolInputError for input it cannot work on. */
  run(input: Record<string, unknown>): Promise<Record<string, unknown>>;
}

/** Input a tool cannot work on (no such folder, not a registry): the call's error, with how to fix it. */
export class ToolInputError extends Error {}
