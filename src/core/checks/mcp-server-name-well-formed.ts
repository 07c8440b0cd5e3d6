import { diagnostic, type InlineCheck } from "../../diagnostics/check-meta.js";
import { json, withCore } from "../../diagnostics/core-fixtures.js";
import type { Diagnostic, Position } from "../../diagnostics/diagnostic.js";

export const mcpServerNameWellFormed: InlineCheck = {
  id: "AGC069",
  slug: "mcp-server-name-well-formed",
  stage: "load",
  severity: "error",
  title: "MCP server names are letters, digits and hyphens",
  description:
    "Clients build tool names from the server name (mcp__<server>__<tool>, mcp_<server>_<tool>) and some accept only [A-Za-z0-9_-]. Other characters break the mapping; an underscore makes the tool names of some clients ambiguous (warning).",
  hint: "Rename the server to lowercase words joined by hyphens, e.g. 'issue-tracker'.",
  get examples() {
    return {
      passing: withCore({
        "mcp.json": json({ version: 1, servers: { github: { transport: "stdio", command: "gh-mcp" } } }),
      }),
      failing: withCore({
        "mcp.json": json({ version: 1, servers: { "git hub": { transport: "stdio", command: "gh-mcp" } } }),
      }),
      expected: [
        "core/mcp.json:4:5: error AGC069 MCP server name \"git hub\" holds characters other than letters, digits, '-' and '_'",
      ],
    };
  },
};

/** Characters every client accepts in a server name; '_' is accepted but ambiguous in some tool names. */
const serverName = /^[A-Za-z0-9_-]+$/;

/** An error for characters some clients refuse, a warning for '_'; nothing for a well-formed name. */
export function serverNameFinding(name: string, position: Position): Diagnostic | undefined {
  if (!serverName.test(name)) {
    const message = `MCP server name "${name}" holds characters other than letters, digits, '-' and '_'`;
    return diagnostic(mcpServerNameWellFormed, { position, message });
  }
  if (!name.includes("_")) return undefined;
  const message = `MCP server name "${name}" holds '_', which makes some clients' tool names (mcp_<server>_<tool>) ambiguous`;
  return diagnostic(mcpServerNameWellFormed, { position, message, severity: "warning" });
}
