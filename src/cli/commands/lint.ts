import { statSync } from "node:fs";
import { join } from "node:path";
import { builtinClientPacks } from "../../clients/load-client-packs.js";
import { hasErrors } from "../../diagnostics/diagnostic.js";
import { fixedFiles, lintProject } from "../../lint/index.js";
import { writeFileAtomic } from "../../shared/atomic-write.js";
import { chosenClients } from "../clients-option.js";
import { type Command, exitCodes, UsageError } from "../command.js";
import { lintHelp } from "../help/lint.js";
import { commandMessage } from "../report/command-message.js";
import { reporters } from "../report/index.js";
import type { ReportFormat } from "../report/report-format.js";
import { unifiedDiff } from "../report/unified-diff.js";

export const lintCommand: Command = {
  name: "lint",
  summary:
    "check a project's own assistant files against each client's documented rules (no registry needed)",
  maxPositionals: 1,
  formats: ["pretty", "json", "sarif", "github"],
  help: lintHelp,
  async run(args, io) {
    const project = args.positionals[0] ?? ".";
    if (!isFolder(project))
      throw new UsageError(`${project} is not a folder`, "give a project folder: agentc lint <project>");
    if (args.values.yes === true && args.values.fix !== true)
      throw new UsageError("--yes only confirms --fix", "agentc lint --fix --yes writes the fixes");
    const ids = builtinClientPacks().map((loaded) => loaded.pack.client);
    const named = typeof args.values.clients === "string";
    const clients = named
      ? chosenClients(args.values.clients, { ids, label: "known clients", none: "none" })
      : undefined;
    const result = await lintProject(project, clients ? { clients } : {});
    const format = (args.values.format ?? "pretty") as ReportFormat;
    const text = reporters[format]([...result.diagnostics], {
      registryDir: project,
      color: io.color,
      quiet: args.values.quiet === true,
      summary: {
        ok: !hasErrors(result.diagnostics),
        filesRead: result.filesRead,
        fixable: result.edits?.length ?? 0,
      },
    });
    if (text) io.out(text);
    // A machine-read report keeps standard output to itself: the diff goes to standard error then.
    const say = format === "pretty" ? io.out : io.err;
    if (args.values.fix === true) fix(project, result.edits ?? [], args.values.yes === true, say);
    return hasErrors(result.diagnostics) ? exitCodes.inputErrors : exitCodes.ok;
  },
};

/** Prints the safe fixes as a unified diff; writes them with --yes. */
function fix(
  project: string,
  edits: Parameters<typeof fixedFiles>[1],
  write: boolean,
  out: (text: string) => void,
): void {
  const files = fixedFiles(project, edits);
  if (files.length === 0) {
    out(commandMessage("lint --fix", { message: "nothing to fix safely" }));
    return;
  }
  for (const file of files) out(unifiedDiff(file.file, file.before, file.after));
  if (!write) {
    out(`${files.length} file(s) would change; run again with --fix --yes to write them`);
    return;
  }
  for (const file of files) writeFileAtomic(join(project, file.file), file.after);
  out(`wrote ${files.length} file(s); run agentc lint again to see what is left`);
}

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
