import type { Reporter } from "./report-format.js";

export const jsonReporter: Reporter = (diagnostics, context) =>
  JSON.stringify(
    {
      diagnostics: diagnostics.map((d) => ({
        id: d.id,
        severity: d.severity,
        file: d.file,
        line: d.line,
        column: d.column,
        message: d.message,
        hint: d.hint,
      })),
      ...context.summary,
    },
    null,
    2,
  );
