import { join, relative } from "node:path";
import { writeBuild } from "../../output/write-build.js";
import { compileRegistry } from "../../pipeline/compile.js";
import { type Command, exitCodes } from "../command.js";
import { reporters } from "../report/index.js";
import type { ReportFormat } from "../report/report-format.js";

export const buildCommand: Command = {
  name: "build",
  summary: "check, then write the compiled tree and manifest.json",
  usage: "agentc build [registry] [--out DIR] [--format pretty|json|sarif|github] [--offline] [--quiet]",
  options: { out: { type: "string" }, offline: { type: "boolean" } },
  formats: ["pretty", "json", "sarif", "github"],
  async run(args, io) {
    const registryDir = args.positionals[0] ?? ".";
    const outDir = typeof args.values.out === "string" ? args.values.out : join(registryDir, "build");
    const result = await compileRegistry(registryDir, { offline: args.values.offline === true });
    const format = (args.values.format ?? "pretty") as ReportFormat;
    const written =
      result.ok && result.tree && result.manifest
        ? writeBuild(outDir, result.tree, result.manifest)
        : undefined;
    const summary = written
      ? {
          ok: true,
          out: outDir,
          files: result.manifest?.artifacts.length ?? 0,
          written: written.written,
          removed: written.removed,
          unchanged: written.unchanged.length,
        }
      : { ok: false };
    const text = reporters[format](result.diagnostics, {
      registryDir,
      color: io.color,
      quiet: args.values.quiet === true,
      summary,
    });
    if (text) io.out(text);
    if (written && format === "pretty" && args.values.quiet !== true) {
      io.out(
        `built ${result.manifest?.artifacts.length} files for ${result.registry?.adapters.length} adapters into ${relative(".", outDir) || "."}: ${written.written.length} written, ${written.unchanged.length} unchanged, ${written.removed.length} removed`,
      );
    }
    return result.ok ? exitCodes.ok : exitCodes.inputErrors;
  },
};
