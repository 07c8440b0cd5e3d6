import type { McpServer } from "../../../core/model.js";
import { diagnostic, type InlineCheck } from "../../../diagnostics/check-meta.js";
import { examplePack } from "../../../diagnostics/client-fixture.js";
import { json } from "../../../diagnostics/core-fixtures.js";
import type { Diagnostic } from "../../../diagnostics/diagnostic.js";
import { withExamplePack } from "../../../diagnostics/pack-fixtures.js";
import type { PackBase } from "../../section.js";

/** The example pack with a stdio MCP entry and no variable syntax (a client that expands nothing). */
const packWithoutVariables = {
  ...examplePack,
  mcp: {
    file: ".example/mcp.json",
    format: "json",
    key: ["mcpServers"],
    stdio: { command: "{command}", args: "{args}", env: "{env}" },
    remote: null,
    transports: ["stdio"],
  },
};

const server = (args: string[]) =>
  json({ version: 1, servers: { issues: { transport: "stdio", command: "npx", args } } });

export const mcpVariableReachesServer: InlineCheck = {
  id: "AGC150",
  slug: "mcp-variable-reaches-server",
  stage: "emit",
  severity: "warning",
  title: `An MCP value with \${VAR} reaches the server through the client's own mechanism`,
  description: `core/mcp.json may name environment variables as \${VAR} or \${VAR:-default}. Each client pack says how its client passes them: a variable syntax it expands in its settings (env_reference), or settings that forward a variable by name (env_vars, bearer_token_env_var, env_http_headers). A value the client has neither for would reach the server as the literal text \${VAR}, so the server is not written for that client: a limit of that client (a loss), counted per client, listed in CAPABILITIES.md and by --verbose, accepted in targets.json accepted_losses, and an error only in strict mode (--strict, strict_losses).`,
  hint: `Pass the value the way the client can: an env entry of the same name (NAME: \${NAME}) is forwarded by name, Authorization: Bearer \${VAR} becomes a token variable. Or accept the loss in targets.json accepted_losses (its users add the server themselves), or leave this client out of targets.json.`,
  get examples() {
    return {
      passing: withExamplePack({ "mcp.json": server(["-y", "@example/issues-mcp"]) }, packWithoutVariables),
      failing: withExamplePack(
        { "mcp.json": server(["-y", "@example/issues-mcp", "--token", `\${ISSUES_TOKEN}`]) },
        packWithoutVariables,
      ),
      expected: [
        `core/mcp.json:4:5: warning AGC150 Example Assistant passes no variables to MCP servers, so \${ISSUES_TOKEN} in MCP server "issues" would reach it as literal text; the server is not written for Example Assistant`,
      ],
    };
  },
};

/** By-name slots and what each forwards, for the message of a value no mechanism carries. */
const byName: [string, string][] = [
  ["env_vars", `an env entry of the same name (NAME: \${NAME})`],
  ["bearer_env", `Authorization: Bearer \${VAR}`],
  ["header_env", `a header that is one \${VAR}`],
];

/** Why the server is not written: the placeholders, and the mechanisms the client does have. */
export function unpassableReason(
  pack: PackBase,
  slots: Set<string>,
  server: McpServer,
  written: string[],
  expandsIn?: readonly string[],
): string {
  const ways = byName.filter(([slot]) => slots.has(slot)).map(([, what]) => what);
  const has = expandsIn
    ? `expands variables in an MCP server's ${expandsIn.join(", ")} only`
    : ways.length > 0
      ? `passes variables only as ${ways.join(", or ")}`
      : "passes no variables to MCP servers";
  return `${pack.name} ${has}, so ${written.join(", ")} in MCP server "${server.name}" would reach it as literal text; the server is not written for ${pack.name}`;
}

/** The server left out for the client, with the reason unpassableReason gave and the promise lost. */
export function unpassableFinding(
  pack: PackBase,
  server: McpServer,
  reason: string,
  promise: string,
): Diagnostic {
  return diagnostic(mcpVariableReachesServer, {
    position: server.position,
    message: reason,
    loss: { client: pack.client, promise },
  });
}
