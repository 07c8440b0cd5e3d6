import { join } from "node:path";
import { importProject } from "../../import/import-project.js";
import { type Command, type CommandIo, exitCodes } from "../command.js";
import { importHelp } from "../help/import.js";
import { commandMessage } from "../report/command-message.js";
import { groupedReporter } from "../report/grouped.js";
import { reporters } from "../report/index.js";
import type { ReportFormat } from "../report/report-format.js";

export const importCommand: Command = {
  name: "import",
  summary: "turn a project's native assistant files into a new registry (never writes into the project)",
  maxPositionals: 1,
  formats: ["pretty", "json"],
  help: importHelp,
  async run(args, io) {
    const project = args.positionals[0];
    const out = args.values.out;
    if (project === undefined || typeof out !== "string" || out === "")
      return usage(io, "needs the project to read", "agentc import path/to/project --out my-registry");
    const from = typeof args.values.from === "string" ? idList(args.values.from) : undefined;
    const result = await importProject(project, out, from ? { from } : {});
    if (result.kind === "usage") return usage(io, result.message, result.hint);
    const format = (args.values.format ?? "pretty") as ReportFormat;
    const shown = { quiet: args.values.quiet === true, verbose: args.values.verbose === true };
    if (result.kind === "nothing") {
      if (format !== "pretty" || result.diagnostics.length > 0)
        report(io, format, project, shown, result.diagnostics, { ok: false, error: result.message });
      if (format === "pretty")
        io.err(
          commandMessage("import", {
            message: `${result.message}; nothing written`,
            hint: result.hint,
          }),
        );
      return exitCodes.inputErrors;
    }
    const summary = {
      ok: result.ok,
      out,
      assistants: result.assistants,
      files: result.files,
      read: result.read,
      rewritten: result.rewritten,
    };
    report(io, format, project, shown, result.diagnostics, summary);
    if (format === "pretty" && !shown.quiet) {
      const what = `imported ${result.assistants.join(", ")} from ${project} into ${out}: ${result.files.length} files`;
      io.out(result.ok ? `${what}\n${nextSteps(project, out, result, shown.verbose)}` : notBuilt(what, out));
    }
    return result.ok ? exitCodes.ok : exitCodes.inputErrors;
  },
};

/** How many of the files the install writes again the closing lines name, without --verbose. */
const rewrittenShown = 5;

/** What to run next, and which of the project's files the install will want to write as its own. */
function nextSteps(
  project: string,
  out: string,
  { rewritten, composed }: { rewritten: string[]; composed: string[] },
  verbose: boolean,
): string {
  const install = `next: agentc build ${out}, then agentc install ${join(out, "build")} --project ${project}`;
  const settings =
    composed.length > 0
      ? [
          `  the settings files it composes into (${composed.length}) stay yours, their values composed as they were while core/*.json is unchanged`,
        ]
      : [];
  if (rewritten.length === 0) return [install, ...settings].join("\n");
  const named = verbose ? rewritten : rewritten.slice(0, rewrittenShown);
  const rest = rewritten.length - named.length;
  return [
    install,
    `  the install takes over these files where they are (${rewritten.length}): while the registry files they became are`,
    "  unchanged, the build writes each back byte for byte from the registry's native/, so the install changes nothing",
    "  and uninstall gives them back. Once you edit those registry files, the build writes its own form there, and the",
    "  next install replaces each file still as it was, keeping your original in .agentc/originals until uninstall gives",
    "  it back (a first install after the edit does so with --take-imported):",
    ...named.map((path) => `    ${path}`),
    ...(rest > 0 ? [`    and ${rest} more (--verbose lists them; --format json as "rewritten")`] : []),
    ...settings,
  ].join("\n");
}

/** The registry is written but its build fails: no "next", since agentc build would stop where import did. */
function notBuilt(what: string, out: string): string {
  return `${what}, but agentc build ${out} fails on the errors above: fix them in the registry (or in the project, and import again into a new folder)`;
}

function report(
  io: CommandIo,
  format: ReportFormat,
  project: string,
  shown: { quiet: boolean; verbose: boolean },
  diagnostics: Parameters<(typeof reporters)["pretty"]>[0],
  summary: Record<string, unknown>,
): void {
  const reporter = format === "pretty" ? groupedReporter : reporters[format];
  const text = reporter(diagnostics, { registryDir: project, color: io.color, ...shown, summary });
  if (text) io.out(text);
}

function idList(text: string): string[] {
  return text
    .split(",")
    .map((id) => id.trim())
    .filter((id) => id !== "");
}

function usage(io: CommandIo, message: string, hint: string): number {
  io.err(commandMessage("import", { message, hint }));
  return exitCodes.usage;
}
