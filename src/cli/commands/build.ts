import { join } from "node:path";
import { lockToWrite, writeLockFile } from "../../dependencies/lock-file.js";
import { ForeignFilesError, WriteError, type WriteReport, writeBuild } from "../../output/write-build.js";
import { type CompileResult, compileRegistry } from "../../pipeline/compile.js";
import { buildSite } from "../../site/build-site.js";
import { watchBuild } from "../build-watch.js";
import { type Command, type CommandIo, exitCodes, type ParsedArgs, UsageError } from "../command.js";
import { buildHelp } from "../help/build.js";
import { loadOptionsOf } from "../load-options.js";
import { projectOption } from "../project-option.js";
import { commandMessage } from "../report/command-message.js";
import { reporters } from "../report/index.js";
import { listed } from "../report/listed.js";
import { servesEveryBuiltin } from "../report/narrowing-hint.js";
import type { ReportFormat } from "../report/report-format.js";
import { reportNotes } from "../report/report-notes.js";

export const buildCommand: Command = {
  name: "build",
  summary: "check, then write the compiled tree and manifest.json",
  maxPositionals: 1,
  formats: ["pretty", "json", "sarif", "github"],
  help: buildHelp,
  async run(args, io) {
    const registryDir = args.positionals[0] ?? ".";
    const outDir = typeof args.values.out === "string" ? args.values.out : join(registryDir, "build");
    const project = args.values.install;
    if (typeof project === "string" && args.values.watch !== true)
      throw new UsageError(
        "--install keeps a project in step while watching: add --watch",
        `or build once and install: agentc build ${registryDir} --out ${outDir} && agentc install ${outDir} --project ${project}`,
      );
    if (args.values["take-imported"] === true && typeof project !== "string")
      throw new UsageError(
        "--take-imported is for the install that --install makes: add --watch --install PROJECT",
        `or install the build yourself: agentc install ${outDir} --project PROJECT --take-imported`,
      );
    if (args.values.watch !== true) return buildOnce(registryDir, outDir, args, io);
    if (typeof project === "string") projectOption({ ...args, values: { project } }, projectHint);
    return watchBuild({
      registryDir,
      outDir,
      io,
      quiet: args.values.quiet === true,
      build: () => buildOnce(registryDir, outDir, args, io),
      ...(typeof project === "string" ? { install: () => installInto(project, outDir, args, io) } : {}),
    });
  },
};

/** One build, as `agentc build` without --watch runs it: diagnostics, the summary line, the exit code. */
async function buildOnce(
  registryDir: string,
  outDir: string,
  args: ParsedArgs,
  io: CommandIo,
): Promise<number> {
  const result = await compileRegistry(registryDir, { ...loadOptionsOf(args), previousBuild: outDir });
  const format = (args.values.format ?? "pretty") as ReportFormat;
  const quiet = args.values.quiet === true;
  const lock = result.dependencies ? lockToWrite(result.dependencies) : undefined;
  const lockPath = lock === undefined ? undefined : writeLockFile(registryDir, lock);
  const written = writeIfOk(outDir, result);
  if (written instanceof WriteError) {
    io.err(commandMessage("build", { message: written.message, hint: "choose a writable --out folder" }));
    return exitCodes.usage;
  }
  if (written instanceof ForeignFilesError) {
    io.err(
      commandMessage("build", {
        message: `nothing written: ${written.message}`,
        hint: "build into a folder of its own (--out), or move those files away; to put files into a project use 'agentc install'",
      }),
    );
    return exitCodes.inputErrors;
  }
  const text = reporters[format](result.diagnostics, {
    registryDir,
    color: io.color,
    quiet,
    verbose: args.values.verbose === true,
    everyBuiltin: result.registry !== undefined && servesEveryBuiltin(result.registry.targets),
    summary: written ? buildSummary(outDir, result, written) : { ok: false },
  });
  if (text) io.out(text);
  if (format === "pretty" && !quiet) for (const note of reportNotes(result, registryDir)) io.out(note);
  if (lockPath && format === "pretty" && !quiet)
    io.out(`wrote ${lockPath}: the dependencies it pins changed`);
  if (written && format === "pretty" && !quiet) io.out(builtLine(outDir, result, written));
  return result.ok ? exitCodes.ok : exitCodes.inputErrors;
}

const projectHint = (dir: string): string =>
  `make the folder first (mkdir -p ${dir}), or give the project to keep in step with --install DIR`;

/** --install: the build just written, installed into the project as `agentc install <out> --project P --yes` does. */
async function installInto(
  project: string,
  outDir: string,
  args: ParsedArgs,
  io: CommandIo,
): Promise<number> {
  const values = {
    project,
    yes: true,
    format: args.values.format === "json" ? "json" : "pretty",
    "take-imported": args.values["take-imported"] === true,
  };
  // Loaded only here: the installer's modules cost every plain build a few milliseconds to start.
  const { installCommand } = await import("./install.js");
  return installCommand.run({ values, positionals: [outDir] }, io);
}

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
    files: installedArtifacts(result).size,
    written: written.written,
    removed: written.removed,
    unchanged: written.unchanged.length,
  };
}

/**
 * "built 27 artifacts for 17 adapters into build, plus manifest.json, plugin.zip, sbom.cdx.json and site/
 * (7 files): 34 written, 0 unchanged, 0 removed": the artifacts the manifest lists (what install copies;
 * the SBOM is listed but never installed), the build's other files by their top-level name, and what
 * happened to all of them on disk.
 */
function builtLine(outDir: string, result: CompileResult, written: WriteReport): string {
  const artifacts = installedArtifacts(result);
  const others = [...written.written, ...written.unchanged].filter((path) => !artifacts.has(path));
  const names = [...new Set(others.map(topName))].sort(
    (a, b) => summaryRank(a) - summaryRank(b) || (a < b ? -1 : a > b ? 1 : 0),
  );
  const adapters = result.registry?.adapters.length ?? 0;
  const clients = result.registry?.clients.length ?? 0;
  const packs = clients > 0 ? ` and ${plural(clients, "client pack")}` : "";
  const plus = names.length > 0 ? `, plus ${listed(names)} (${plural(others.length, "file")})` : "";
  const counts = `${written.written.length} written, ${written.unchanged.length} unchanged, ${written.removed.length} removed`;
  return `built ${plural(artifacts.size, "artifact")} for ${plural(adapters, "adapter")}${packs} into ${outDir}${plus}: ${counts}`;
}

/** The artifacts the manifest lists for install: all but the SBOM, which it lists and packs but never installs. */
function installedArtifacts(result: CompileResult): Set<string> {
  const sbom = result.tree?.sbom?.path;
  return new Set((result.manifest?.artifacts ?? []).filter((path) => path !== sbom));
}

/** A build file's name as the summary shows it: a top-level file, or the folder it is in ("site/"). */
function topName(path: string): string {
  const slash = path.indexOf("/");
  return slash === -1 ? path : path.slice(0, slash + 1);
}

/** manifest.json first, then the other files, then the folders; by name within each. */
const summaryRank = (name: string): number => (name === "manifest.json" ? 0 : name.endsWith("/") ? 2 : 1);

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}
