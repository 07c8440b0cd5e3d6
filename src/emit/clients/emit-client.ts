import type { LoadedClientPack } from "../../clients/loaded-client-pack.js";
import { factFor } from "../../clients/pack-facts.js";
import { diagnostic } from "../../diagnostics/check-meta.js";
import type { Diagnostic } from "../../diagnostics/diagnostic.js";
import type { Registry } from "../../registry/model.js";
import { clientCannotExpress } from "../checks/client-cannot-express.js";
import { mcpVariableReachesServer } from "../checks/mcp-variable-reaches-server.js";
import type { CapabilityRow } from "./capability.js";
import { emitAgents } from "./emit-agents.js";
import { emitCommands } from "./emit-commands.js";
import { type ClientEmission, type EmitContext, mergeParts } from "./emit-context.js";
import { emitRules } from "./emit-rules.js";
import { emitClientSettings } from "./emit-settings.js";
import { emitSharedFiles } from "./emit-shared-files.js";
import { emitSkills } from "./emit-skills.js";

/** Pure: the registry's core/ through one client pack. */
export function emitClientPack(client: LoadedClientPack, registry: Registry): ClientEmission {
  const ctx: EmitContext = { client, pack: client.pack, registry };
  const markdown = mergeParts([
    emitSharedFiles(ctx),
    emitRules(ctx),
    emitSkills(ctx),
    emitAgents(ctx),
    emitCommands(ctx),
  ]);
  const settings = emitClientSettings(client, registry);
  const capabilities = [...markdown.capabilities, ...settings.capabilities].map((row) => {
    const fact = factFor(client.pack, row.basis);
    return fact ? { ...row, fact } : row;
  });
  const diagnostics = [...markdown.diagnostics, ...settings.diagnostics];
  return {
    files: [...markdown.files, ...settings.files],
    composed: settings.composed,
    diagnostics: [...diagnostics, ...cannotWarnings(client, capabilities, diagnostics)],
    capabilities,
  };
}

/**
 * AGC080 for every "cannot" row, unless an error or a loss of its own check at the same place already says
 * it (AGC081; AGC150, a server not written because the client cannot pass its variable).
 */
export function cannotWarnings(
  client: LoadedClientPack,
  rows: CapabilityRow[],
  said: Diagnostic[],
): Diagnostic[] {
  const place = (file: string, line: number, column: number) => `${file}:${line}:${column}`;
  const errors = new Set(
    said
      .filter((d) => d.severity === "error" || d.id === mcpVariableReachesServer.id)
      .map((d) => place(d.file, d.line, d.column)),
  );
  return rows
    .filter((row) => row.enforcement === "cannot")
    .filter((row) => !errors.has(place(row.source.file, row.source.line, row.source.column)))
    .map((row) =>
      diagnostic(clientCannotExpress, {
        position: row.source,
        message: `${client.pack.name} cannot express: ${row.promise}${row.reason ? ` (${row.reason.replace(/\.$/, "")})` : ""}`,
        loss: { client: client.pack.client, promise: row.promise },
      }),
    );
}
