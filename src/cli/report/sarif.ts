import { projectUrl } from "../../checks/check-doc-url.js";
import { allChecks } from "../../checks/index.js";
import type { Reporter } from "./report-format.js";

const levels = { error: "error", warning: "warning", info: "note" } as const;

/** Registry files are relative to the registry folder (uriBaseId REGISTRY); remote sources are absolute. */
function artifactLocation(file: string): { uri: string; uriBaseId?: string } {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(file)) return { uri: file };
  return { uri: encodeURI(file), uriBaseId: "REGISTRY" };
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
                defaultConfiguration: { level: levels[c.severity] },
              })),
            },
          },
          results: diagnostics.map((d) => ({
            ruleId: d.id,
            level: levels[d.severity],
            message: { text: `${d.message}. ${d.hint}` },
            locations: [
              {
                physicalLocation: {
                  artifactLocation: artifactLocation(d.file),
                  region: { startLine: d.line, startColumn: d.column },
                },
              },
            ],
          })),
        },
      ],
    },
    null,
    2,
  );
