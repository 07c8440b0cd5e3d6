import { allChecks } from "../../check-list/index.js";
import { checkDocsUrl, projectUrl } from "../../diagnostics/check-docs-url.js";
import type { Diagnostic, RelatedLocation } from "../../diagnostics/diagnostic.js";
import type { Reporter } from "./report-format.js";

const levels = { error: "error", warning: "warning", info: "note" } as const;

/** Registry files are relative to the registry folder (uriBaseId REGISTRY); remote sources are absolute. */
function artifactLocation(file: string): { uri: string; uriBaseId?: string } {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(file)) return { uri: file };
  return { uri: encodeURI(file), uriBaseId: "REGISTRY" };
}

function region(d: Pick<Diagnostic, "line" | "column" | "endLine" | "endColumn">) {
  const end = d.endLine !== undefined ? { endLine: d.endLine, endColumn: d.endColumn } : {};
  return { startLine: d.line, startColumn: d.column, ...end };
}

function physicalLocation(place: Pick<Diagnostic, "file" | "line" | "column" | "endLine" | "endColumn">) {
  return { artifactLocation: artifactLocation(place.file), region: region(place) };
}

function relatedLocations(related: RelatedLocation[] | undefined) {
  if (!related) return {};
  return {
    relatedLocations: related.map((r, index) => ({
      id: index,
      physicalLocation: physicalLocation(r),
      message: { text: r.message },
    })),
  };
}

/** SARIF 2.1.0, with every check as a rule so that code-scanning UIs show titles and help. */
export const sarifReporter: Reporter = (diagnostics) =>
  JSON.stringify(
    {
      $schema: "https://json.schemastore.org/sarif-2.1.0.json",
      version: "2.1.0",
      runs: [
        {
          tool: {
            driver: {
              name: "agentc",
              informationUri: projectUrl,
              rules: allChecks.map((c) => ({
                id: c.id,
                name: c.slug,
                shortDescription: { text: c.title },
                fullDescription: { text: c.description },
                help: { text: c.hint },
                helpUri: checkDocsUrl(c.id),
                defaultConfiguration: { level: levels[c.severity] },
              })),
            },
          },
          results: diagnostics.map((d) => ({
            ruleId: d.id,
            level: levels[d.severity],
            message: { text: `${d.message}. ${d.hint}` },
            locations: [{ physicalLocation: physicalLocation(d) }],
            ...relatedLocations(d.related),
            ...(d.loss ? { properties: { loss: d.loss } } : {}),
          })),
        },
      ],
    },
    null,
    2,
  );
