import { jsonDiagnostic } from "../../diagnostics/json-diagnostic.js";
import type { Reporter } from "./report-format.js";

export const jsonReporter: Reporter = (diagnostics, context) =>
  JSON.stringify({ diagnostics: diagnostics.map(jsonDiagnostic), ...context.summary }, null, 2);
