import type { Diagnostic } from "../../diagnostics/diagnostic.js";

export type ReportFormat = "pretty" | "json" | "sarif" | "github";

export interface ReportContext {
  /** The registry folder as the user typed it, to make pretty paths clickable from the cwd. */
  registryDir: string;
  color: boolean;
  quiet: boolean;
  /** Every diagnostic in full, client limits included (the pretty report counts those by default). */
  verbose?: boolean;
  /** The registry serves every built-in assistant (it chose none): client limits are counted, not listed per client. */
  everyBuiltin?: boolean;
  /** Extra data a command adds to the JSON report (e.g. what build wrote). */
  summary?: Record<string, unknown>;
}

export type Reporter = (diagnostics: Diagnostic[], context: ReportContext) => string;
