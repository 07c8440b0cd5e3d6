import { diagnostic, type InlineCheck } from "../../diagnostics/check-meta.js";
import { json, withCore } from "../../diagnostics/core-fixtures.js";
import type { Diagnostic, Position } from "../../diagnostics/diagnostic.js";
import { agentsMdAdapter, targetsWith } from "../../diagnostics/fixture-base.js";
import { malformedPlaceholders } from "../mcp-placeholders.js";

export const mcpPlaceholdersWellFormed: InlineCheck = {
  id: "AGC070",
  slug: "mcp-placeholders-well-formed",
  stage: "load",
  severity: "error",
  title: `MCP values use \${VAR} placeholders only`,
  description: `Secrets and machine paths come from the environment as \${VAR} or \${VAR:-default}; client packs rewrite them into each client's own syntax. A client spelling such as \${env:VAR} or an unclosed '\${' reaches the client unchanged and breaks the server.`,
  hint: `Write \${NAME} or \${NAME:-default}, NAME made of letters, digits and underscores.`,
  get examples() {
    return {
      passing: {
        // No client pack: the placeholder's form is checked on load; whether a client can pass it is AGC150's.
        ...withCore({
          "mcp.json": json({
            version: 1,
            servers: {
              tracker: {
                transport: "http",
                url: "https://t.example/mcp",
                headers: { Authorization: `Bearer \${TRACKER_TOKEN}` },
              },
            },
          }),
        }),
        "targets.json": targetsWith([agentsMdAdapter], { builtin_clients: "none" }),
      },
      failing: withCore({
        "mcp.json": json({
          version: 1,
          servers: {
            tracker: {
              transport: "http",
              url: "https://t.example/mcp",
              headers: { Authorization: `Bearer \${env:TRACKER_TOKEN}` },
            },
          },
        }),
      }),
      expected: [
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the message quotes a placeholder as written
        'core/mcp.json:8:26: error AGC070 "${env:TRACKER_TOKEN}" is not a placeholder of the form ${NAME} or ${NAME:-default}',
      ],
    };
  },
};

/** One finding for each '${' of the value that opens no well-formed placeholder. */
export function placeholderFindings(value: string, position: Position): Diagnostic[] {
  return malformedPlaceholders(value).map((bad) =>
    diagnostic(mcpPlaceholdersWellFormed, {
      position,
      message: `"${bad}" is not a placeholder of the form \${NAME} or \${NAME:-default}`,
    }),
  );
}
