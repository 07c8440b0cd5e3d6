import { githubReporter } from "./github.js";
import { jsonReporter } from "./json.js";
import { prettyReporter } from "./pretty.js";
import type { Reporter, ReportFormat } from "./report-format.js";
import { sarifReporter } from "./sarif.js";

export const reporters: Record<ReportFormat, Reporter> = {
  pretty: prettyReporter,
  json: jsonReporter,
  sarif: sarifReporter,
  github: githubReporter,
};
