import { importProject } from "../../import/import-project.js";
import { type Command, type CommandIo, exitCodes } from "../command.js";
import { reporters } from "../report/index.js";
import type { ReportFormat } from "../report/report-format.js";

export const importCommand: Command = {
  name: "import",
  summary: "turn a project's native assistant files into a new registry (never writes into the project)",
  usage: "agentc import <project> --out <registry> [--from a,b] [--format pretty|json] [--quiet]",
  options: { out: { type: "string" }, from: { type: "string" } },
  maxPositionals: 1,
  formats: ["pretty", "json"],
  async run(args, io) {
    const project = args.positionals[0];
    const out = args.values.out;
    if (project === undefined || typeof out !== "string" || out === "")
      return usage(io, "needs a project and --out", "agentc import path/to/project --out my-registry");
    const from = typeof args.values.from === "string" ? idList(args.values.from) : undefined;
    const result = await importProject(project, out, from ? { from } : {});
    if (result.kind === "usage")
      return usage(io, result.message, "choose a new or empty --out folder outside the project");
    const format = (args.values.format ?? "pretty") as ReportFormat;
    const quiet = args.values.quiet === true;
    if (result.kind === "nothing") {
      report(io, format, project, quiet, result.diagnostics, { ok: false, error: result.message });
      if (format === "pretty")
        io.err(
          `agentc import: ${result.message}; nothing written\n  hint: --from names the assistants to read`,
        );
      return exitCodes.inputErrors;
    }
    const summary = {
      ok: result.ok,
      out,
      assistants: result.assistants,
      files: result.files,
      read: result.read,
    };
    report(io, format, project, quiet, result.diagnostics, summary);
    if (format === "pretty" && !quiet)
      io.out(
        `imported ${result.assistants.join(", ")} from ${project} into ${out}: ${result.files.length} files\nnext: agentc build ${out}`,
      );
    return result.ok ? exitCodes.ok : exitCodes.inputErrors;
  },
};

function report(
  io: CommandIo,
  format: ReportFormat,
  project: string,
  quiet: boolean,
  diagnostics: Parameters<(typeof reporters)["pretty"]>[0],
  summary: Record<string, unknown>,
): void {
  const text = reporters[format](diagnostics, { registryDir: project, color: io.color, quiet, summary });
  if (text) io.out(text);
}

function idList(text: string): string[] {
  return text
    .split(",")
    .map((id) => id.trim())
    .filter((id) => id !== "");
}

function usage(io: CommandIo, message: string, hint: string): number {
  io.err(`agentc import: ${message}\n  hint: ${hint}`);
  return exitCodes.usage;
}
