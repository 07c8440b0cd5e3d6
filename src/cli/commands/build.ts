import { join } from "node:path";
import { ForeignFilesError, WriteError, type WriteReport, writeBuild } from "../../output/write-build.js";
import { type CompileResult, compileRegistry } from "../../pipeline/compile.js";
import { buildSite } from "../../site/build-site.js";
import { type Command, exitCodes } from "../command.js";
import { buildHelp } from "../help/build.js";
import { loadOptionSpec, loadOptionsOf, loadOptionUsage } from "../load-options.js";
import { reporters } from "../report/index.js";
import { narrowingHint } from "../report/narrowing-hint.js";
import type { ReportFormat } from "../report/report-format.js";

export const buildCommand: Command = {
  name: "build",
  summary: "check, then write the compiled tree and manifest.json",
  usage: `agentc build [registry] [--out DIR] [--format pretty|json|sarif|github] ${loadOptionUsage} [--quiet]`,
  options: { out: { type: "string" }, ...loadOptionSpec },
  maxPositionals: 1,
  formats: ["pretty", "json", "sarif", "github"],
  help: buildHelp,
  async run(args, io) {
    const registryDir = args.positionals[0] ?? ".";
    const outDir = typeof args.values.out === "string" ? args.values.out : join(registryDir, "build");
    const result = await compileRegistry(registryDir, { ...loadOptionsOf(args), previousBuild: outDir });
    const format = (args.values.format ?? "pretty") as ReportFormat;
    const quiet = args.values.quiet === true;
    const written = writeIfOk(outDir, result);
    if (written instanceof WriteError) {
      io.err(`agentc build: ${written.message}\n  hint: choose a writable --out folder`);
      return exitCodes.usage;
    }
    if (written instanceof ForeignFilesError) {
      io.err(
        `agentc build: nothing written: ${written.message}\n  hint: build into a folder of its own (--out), or move those files away; to put files into a project use 'agentc install'`,
      );
      return exitCodes.inputErrors;
    }
    const text = reporters[format](result.diagnostics, {
      registryDir,
      color: io.color,
      quiet,
      verbose: args.values.verbose === true,
      summary: written ? buildSummary(outDir, result, written) : { ok: false },
    });
    if (text) io.out(text);
    const narrow = result.registry && narrowingHint(result.registry.targets);
    if (format === "pretty" && !quiet && narrow) io.out(narrow);
    if (written && format === "pretty" && !quiet) io.out(builtLine(outDir, result, written));
    return result.ok ? exitCodes.ok : exitCodes.inputErrors;
  },
};

/** Writes the build when the compile succeeded; an unwritable output folder is returned, not thrown. */
function writeIfOk(
  outDir: string,
  result: CompileResult,
): WriteReport | WriteError | ForeignFilesError | undefined {
  if (!result.ok || !result.tree || !result.manifest) return undefined;
  try {
    const { registry, tree, manifest, diagnostics } = result;
    const site = registry ? buildSite({ registry, tree, manifest, diagnostics }) : new Map();
    return writeBuild(outDir, tree, manifest, result.plugin, site);
  } catch (error) {
    if (error instanceof WriteError || error instanceof ForeignFilesError) return error;
    throw error;
  }
}

/** The JSON report's summary: paths written and removed, and how many files were already up to date. */
function buildSummary(outDir: string, result: CompileResult, written: WriteReport): Record<string, unknown> {
  return {
    ok: true,
    out: outDir,
    files: result.manifest?.artifacts.length ?? 0,
    written: written.written,
    removed: written.removed,
    unchanged: written.unchanged.length,
  };
}

function builtLine(outDir: string, result: CompileResult, written: WriteReport): string {
  const files = result.manifest?.artifacts.length ?? 0;
  const adapters = result.registry?.adapters.length ?? 0;
  const clients = result.registry?.clients.length ?? 0;
  const counts = `${written.written.length} written, ${written.unchanged.length} unchanged, ${written.removed.length} removed`;
  const packs = clients > 0 ? ` and ${plural(clients, "client pack")}` : "";
  return `built ${files} files and manifest.json for ${plural(adapters, "adapter")}${packs} into ${outDir}: ${counts}`;
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}
