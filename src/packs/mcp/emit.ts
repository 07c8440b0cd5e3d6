import { type McpServer, writtenServerName } from "../../core/model.js";
import type { Diagnostic } from "../../diagnostics/diagnostic.js";
import { type CapabilityRow, capabilityRow } from "../shared/capability.js";
import { withRuntimePlaceholders } from "../shared/pack-text.js";
import type { SettingsOutcome } from "../shared/settings-part.js";
import { fillTemplate, slotsOf } from "../shared/template-slots.js";
import { unpassableFinding, unpassableReason } from "./checks/mcp-variable-reaches-server.js";
import type { McpField, McpMapping, McpPack } from "./model.js";
import { mcpSlots } from "./slots.js";

/** ${NAME} or ${NAME:-default}, as core/mcp.json writes them (src/core/mcp-placeholders.ts). */
const placeholder = /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g;

/** What rewriting the placeholders of one server lost. */
interface ReferenceLoss {
  unexpanded: Set<string>;
  defaults: Set<string>;
}

/** core/mcp.json through a pack: one whole value per server at [...key, name]. */
export function mcpEntries(pack: McpPack, servers: McpServer[]): SettingsOutcome {
  const mapping = pack.mcp;
  if (!mapping) {
    const rows = servers.map((s) => row(pack, s, "", "cannot", "the client has no MCP settings file"));
    return { parts: [], rows };
  }
  const file = withRuntimePlaceholders(pack, mapping.file);
  const entries = [];
  const rows: CapabilityRow[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const server of servers) {
    const template =
      server.transport === "stdio"
        ? mapping.stdio
        : server.transport === "sse" && mapping.remote_sse
          ? mapping.remote_sse
          : mapping.remote;
    if (!mapping.transports.includes(server.transport) || !template) {
      rows.push(
        row(
          pack,
          server,
          "",
          "cannot",
          `the client has no ${server.transport} transport for MCP servers`,
          "/mcp/transports",
        ),
      );
      continue;
    }
    const loss: ReferenceLoss = { unexpanded: new Set(), defaults: new Set() };
    const slots = mcpSlots(server, slotsOf(template), (text, field) =>
      rewriteReferences(mapping, text, loss, field),
    );
    if (loss.unexpanded.size > 0) {
      const refused = unpassableReason(
        pack,
        slotsOf(template),
        server,
        [...loss.unexpanded],
        mapping.env_reference_in,
      );
      const lost = row(pack, server, "", "cannot", refused, "/mcp/env_reference");
      rows.push(lost);
      diagnostics.push(unpassableFinding(pack, server, refused, lost.promise));
      continue;
    }
    const path = [...mapping.key, writtenServerName(server)];
    entries.push({ path, value: fillTemplate(template, slots.values) });
    const where = `${file} ${path.join(".")}`;
    rows.push(row(pack, server, "", "enforced", `written to ${where}`));
    rows.push(...slots.lost.map((field) => lostRow(pack, server, field)));
    rows.push(...referenceRows(pack, server, loss));
  }
  return { parts: entries.length > 0 ? [{ file, format: mapping.format, entries }] : [], rows, diagnostics };
}

function rewriteReferences(mapping: McpMapping, text: string, loss: ReferenceLoss, field: McpField): string {
  const expanded = mapping.env_reference_in?.includes(field) ?? true;
  return text.replace(placeholder, (written, name: string, fallback: string | undefined) => {
    if (mapping.env_reference === undefined || !expanded) {
      loss.unexpanded.add(written);
      return written;
    }
    if (fallback !== undefined && mapping.env_reference_default !== undefined) {
      return fillReference(mapping.env_reference_default, name, fallback);
    }
    if (fallback !== undefined) loss.defaults.add(written);
    return fillReference(mapping.env_reference, name, "");
  });
}

function fillReference(form: string, name: string, fallback: string): string {
  return form.split("{name}").join(name).split("{default}").join(fallback);
}

/** A core value the template has no slot for: a promise the client file does not carry. */
function lostRow(pack: McpPack, server: McpServer, field: string): CapabilityRow {
  return row(
    pack,
    server,
    ` ${field}: ${describe(server, field)}`,
    "cannot",
    `the client's MCP entry has no field for ${field}`,
    server.transport === "stdio" ? "/mcp/stdio" : "/mcp/remote",
  );
}

function describe(server: McpServer, field: string): string {
  const value = (server as unknown as Record<string, unknown>)[field];
  if (Array.isArray(value)) return value.join(", ");
  if (value !== null && typeof value === "object") return Object.keys(value).join(", ");
  return String(value);
}

function referenceRows(pack: McpPack, server: McpServer, loss: ReferenceLoss): CapabilityRow[] {
  return [
    ...[...loss.defaults].map((written) =>
      row(
        pack,
        server,
        ` defaults ${written}`,
        "cannot",
        "the client's variable syntax has no default; the default is dropped",
        "/mcp/env_reference_default",
      ),
    ),
  ];
}

function row(
  pack: McpPack,
  server: McpServer,
  suffix: string,
  enforcement: "enforced" | "cannot",
  reason: string,
  basis = "/mcp",
): CapabilityRow {
  const promise = `MCP server "${server.name}" (${server.transport})${suffix}`;
  return capabilityRow(pack.client, "mcp", promise, server.position, enforcement, reason, basis);
}
