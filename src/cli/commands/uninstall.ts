import { runUninstall } from "../../install/index.js";
import { type Command, UsageError } from "../command.js";
import { uninstallHelp } from "../help/uninstall.js";
import { hookTimeoutMs } from "../hook-timeout-option.js";
import { installedProjectHint } from "../project-option.js";
import { exitCodeOf, renderJson, renderPretty } from "../report/render-result.js";
import { targetFolder } from "../scope-option.js";

export const uninstallCommand: Command = {
  name: "uninstall",
  summary: "remove what agentc installed; keep and report files you edited",
  formats: ["pretty", "json"],
  help: uninstallHelp,
  async run(args, io) {
    if (args.positionals.length > 0)
      throw new UsageError(`unexpected argument "${args.positionals[0]}"; use --project DIR`);
    const dryRun = args.values["dry-run"] === true;
    const result = await runUninstall({
      projectDir: targetFolder(args, () => installedProjectHint),
      dryRun,
      hookTimeoutMs: hookTimeoutMs(args),
    });
    if (args.values.format === "json") io.out(renderJson(result, dryRun));
    else if (result.status !== "ok") io.err(renderPretty("uninstall", result, dryRun));
    else if (args.values.quiet !== true) io.out(renderPretty("uninstall", result, dryRun));
    return exitCodeOf(result);
  },
};
