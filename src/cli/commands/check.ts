import { compileRegistry } from "../../pipeline/compile.js";
import { type Command, exitCodes } from "../command.js";
import { checkHelp } from "../help/check.js";
import { loadOptionsOf } from "../load-options.js";
import { reporters } from "../report/index.js";
import { servesEveryBuiltin } from "../report/narrowing-hint.js";
import type { ReportFormat } from "../report/report-format.js";
import { reportNotes } from "../report/report-notes.js";

export const checkCommand: Command = {
  name: "check",
  summary: "load and check a registry; print diagnostics",
  maxPositionals: 1,
  formats: ["pretty", "json", "sarif", "github"],
  help: checkHelp,
  async run(args, io) {
    const registryDir = args.positionals[0] ?? ".";
    const result = await compileRegistry(registryDir, { ...loadOptionsOf(args), sbom: false });
    const format = (args.values.format ?? "pretty") as ReportFormat;
    const text = reporters[format](result.diagnostics, {
      registryDir,
      color: io.color,
      quiet: args.values.quiet === true,
      verbose: args.values.verbose === true,
      everyBuiltin: result.registry !== undefined && servesEveryBuiltin(result.registry.targets),
      summary: { ok: result.ok, rules: result.registry?.rules.length ?? 0 },
    });
    if (text) io.out(text);
    if (format === "pretty" && args.values.quiet !== true)
      for (const note of reportNotes(result, registryDir)) io.out(note);
    return result.ok ? exitCodes.ok : exitCodes.inputErrors;
  },
};
