import { diagnostic, type InlineCheck } from "../../../diagnostics/check-meta.js";
import { coreMarkdown } from "../../../diagnostics/core-fixtures.js";
import type { Diagnostic, Position } from "../../../diagnostics/diagnostic.js";
import { withExamplePack } from "../../../diagnostics/pack-fixtures.js";
import type { PackBase } from "../../section.js";
import type { CapabilityRow } from "../capability.js";

export const clientCannotExpress: InlineCheck = {
  id: "AGC080",
  slug: "client-cannot-express",
  stage: "emit",
  severity: "warning",
  title: "A client pack says what its client cannot express",
  description:
    "When a client has no place or field for a promise of core/ (a skill's tool limit, a command-exact deny, a folder the client lacks), the promise is not written for that client. The build names each such promise at its source, so nothing is dropped silently; CAPABILITIES.md lists the same rows.",
  hint: "Accept the gap for this client (the global permissions or the guard may cover it), or express the promise in a form the client keeps (a coarse deny verb instead of a command pattern).",
  get examples() {
    return {
      passing: withExamplePack({
        "skills/explain/SKILL.md": coreMarkdown(
          ["name: explain", "description: Explains the selected code."],
          ["# Explain", "", "Explain the selected code."],
        ),
      }),
      failing: withExamplePack({
        "skills/explain/SKILL.md": coreMarkdown(
          ["name: explain", "description: Explains the selected code.", "tools: [read, grep]"],
          ["# Explain", "", "Explain the selected code."],
        ),
      }),
      expected: [
        "core/skills/explain/SKILL.md:4:8: warning AGC080 Example Assistant cannot express: skill explain uses only read, grep",
      ],
    };
  },
};

/**
 * A finding for every "cannot" row, unless an error or a loss of another check at the same place already
 * says it (an unmapped load trigger; a server not written because the client cannot pass its variable).
 */
export function cannotWarnings(
  client: { pack: PackBase },
  rows: CapabilityRow[],
  said: Diagnostic[],
): Diagnostic[] {
  const place = (file: string, line: number, column: number) => `${file}:${line}:${column}`;
  const errors = new Set(
    said
      .filter((d) => d.severity === "error" || (d.loss !== undefined && d.id !== clientCannotExpress.id))
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

/** A value an item sets that the pack has no field for, so it is not written; reported at its key. */
export function unmappedFieldFinding(
  label: string,
  neutral: string,
  pack: PackBase,
  position: Position,
): Diagnostic {
  return diagnostic(clientCannotExpress, {
    position,
    message: `${label}: ${pack.name} has no field for "${neutral}", so it is not written`,
    loss: { client: pack.client, promise: `${label} ${neutral}` },
  });
}

/** A rule the client loads otherwise than its trigger promises (the pack's mapping says how). */
export function triggerDeviationFinding(
  ruleName: string,
  pack: PackBase,
  deviation: { severity: "warning" | "info"; message: string },
  promise: string,
  position: Position,
): Diagnostic {
  return diagnostic(clientCannotExpress, {
    position,
    severity: deviation.severity,
    message: `rule ${ruleName} in ${pack.name}: ${deviation.message}`,
    loss: { client: pack.client, promise },
    hint: "Nothing to do if the client's behaviour is acceptable; else choose a trigger this client keeps.",
  });
}
