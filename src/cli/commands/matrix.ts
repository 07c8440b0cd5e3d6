import { clientInfos } from "../../emit/matrix/capabilities-file.js";
import { capabilityMatrix, hasCannot } from "../../emit/matrix/capability-matrix.js";
import { readsThrough } from "../../emit/matrix/reads-through.js";
import { renderMatrixMarkdown } from "../../emit/matrix/render-matrix-markdown.js";
import { secondLines } from "../../emit/matrix/second-lines.js";
import { compileRegistry } from "../../pipeline/compile.js";
import { chosenClients } from "../clients-option.js";
import { type Command, exitCodes } from "../command.js";
import { matrixHelp } from "../help/matrix.js";
import { loadOptionsOf } from "../load-options.js";
import { commandMessage } from "../report/command-message.js";
import { markdownForTerminal } from "../report/markdown-terminal.js";
import { narrowingHint } from "../report/narrowing-hint.js";
import { prettyReporter } from "../report/pretty.js";
import { wrapWidth } from "../wrap.js";
import { projectInsteadOfRegistry } from "../wrong-folder.js";

export const matrixCommand: Command = {
  name: "matrix",
  summary: "print what each client enforces, only reads, or cannot express (--check: exit 1 on cannot)",
  maxPositionals: 1,
  formats: ["md", "json"],
  help: matrixHelp,
  async run(args, io) {
    const registryDir = args.positionals[0] ?? ".";
    const result = await compileRegistry(registryDir, { ...loadOptionsOf(args), sbom: false });
    if (!result.ok || !result.registry || !result.tree) {
      const errors = result.diagnostics.filter((d) => d.severity === "error");
      io.err(prettyReporter(errors, { registryDir, color: io.color, quiet: true, summary: { ok: false } }));
      const project = projectInsteadOfRegistry(registryDir);
      if (project) io.err(project);
      return exitCodes.inputErrors;
    }
    const active = result.registry.clients.map((c) => c.pack.client);
    const chosen = chosenClients(args.values.clients, {
      ids: active,
      label: "active client packs",
      none: "none (the registry has no active client pack)",
    });
    const matrix = capabilityMatrix(
      result.tree.capabilities,
      chosen,
      result.registry.targets.accepted_losses,
      secondLines(result.registry),
    );
    if (args.values.format === "json") io.out(JSON.stringify(matrix, null, 2));
    else {
      const narrow = narrowingHint(result.registry.targets, false);
      if (narrow) io.err(narrow);
      const through = readsThrough(result.registry, result.tree.files, result.tree.composed);
      const markdown = renderMatrixMarkdown(matrix, clientInfos(result.registry.clients), through).trimEnd();
      const width = wrapWidth(io.columns);
      io.out(width === undefined ? markdown : markdownForTerminal(markdown, width));
    }
    if (args.values.check === true && hasCannot(matrix)) {
      io.err(
        commandMessage("matrix", {
          message: "some promises cannot be expressed by a chosen client (cells marked 'cannot')",
        }),
      );
      return exitCodes.inputErrors;
    }
    return exitCodes.ok;
  },
};
