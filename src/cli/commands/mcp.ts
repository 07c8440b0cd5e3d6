import { type Command, exitCodes } from "../command.js";
import { mcpHelp } from "../help/mcp.js";
import { commandMessage } from "../report/command-message.js";

/** The MCP SDK is an optional peer dependency (docs/mcp.md#size): installed only where `agentc mcp` is used. */
const sdkPackage = "@modelcontextprotocol/sdk";

export const mcpCommand: Command = {
  name: "mcp",
  summary: "an MCP server on stdio: lets an assistant run lint, loads, matrix, check and build",
  maxPositionals: 0,
  formats: ["pretty"],
  help: mcpHelp,
  async run(_args, io) {
    let server: typeof import("../../servers/mcp/mcp-server.js");
    try {
      server = await import("../../servers/mcp/mcp-server.js");
    } catch (error) {
      if (!isMissing(error, sdkPackage)) throw error;
      io.err(
        commandMessage("mcp", {
          message: `the MCP SDK is not installed (${sdkPackage}, an optional peer dependency of agentc)`,
          hint: `npm install -D ${sdkPackage}@^1.32.2, then run agentc mcp again`,
        }),
      );
      return exitCodes.usage;
    }
    await server.runMcpServer();
    return exitCodes.ok;
  },
};

/** A failed import of a package that is not installed (as an ES module, or required from the bundle). */
function isMissing(error: unknown, name: string): boolean {
  const code = (error as { code?: unknown })?.code;
  return (
    (code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND") &&
    String((error as Error).message).includes(name)
  );
}
