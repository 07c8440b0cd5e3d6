import { checkForUpdate } from "../../distribute/update.js";
import { wantedRange } from "../../distribute/wanted-version.js";
import { AgentcError } from "../../shared/agentc-error.js";
import { type Command, type CommandIo, exitCodes, type ParsedArgs, UsageError } from "../command.js";
import { updateHelp } from "../help/update.js";
import { integrityOf } from "../integrity-option.js";
import { installedProjectHint } from "../project-option.js";
import { commandMessage } from "../report/command-message.js";
import { targetFolder } from "../scope-option.js";
import { signerPolicy } from "../signer-options.js";
import { installBundle } from "./install.js";
import { updateAllDependencies, updateDependency } from "./update-dependency.js";
import { updateWithSummary } from "./update-summary.js";

export const updateCommand: Command = {
  name: "update",
  summary:
    "install the newest bundle from the recorded source or install.bundle (--check: exit 1 when behind)",
  formats: ["pretty", "json"],
  help: updateHelp,
  maxPositionals: 1,
  async run(args, io) {
    const dependency = args.positionals[0];
    if (dependency !== undefined) return updateDependency(dependency, args, io);
    if (args.values.sources === true) return updateAllDependencies(args, io);
    if (args.values.check === true && args.values["dry-run"] === true)
      throw new UsageError("use either --check or --dry-run, not both");
    if (args.values.summary === true && (args.values.check === true || args.values["dry-run"] === true))
      throw new UsageError("--summary reports an update that was made: leave out --check and --dry-run");
    const projectDir = targetFolder(args, () => installedProjectHint);
    const policy = signerPolicy(args, io, "update");
    if (typeof policy === "number") return policy;
    const check = await attempt(io, () =>
      checkForUpdate(
        projectDir,
        integrityOf(args),
        typeof args.values.to === "string" ? wantedRange(args.values.to) : undefined,
      ),
    );
    if (typeof check === "number") return check;
    const latest = check.latest ?? "a new bundle";
    if (args.values.check === true || (!check.behind && !check.older)) {
      check.opened?.cleanup();
      const { installed, source, behind, older } = check;
      say(
        io,
        args,
        {
          project: projectDir,
          installed,
          latest: check.latest ?? null,
          source,
          behind,
          ...(older ? { older } : {}),
        },
        behind
          ? `update available: ${installed} → ${latest} from ${source}`
          : older
            ? `the newest at ${source} is ${latest}, older than the installed ${installed} (rolled back?); agentc update --allow-downgrade installs it`
            : `up to date: ${installed} from ${source}`,
      );
      return args.values.check === true && behind ? exitCodes.inputErrors : exitCodes.ok;
    }
    const bundle = check.opened ?? (await attempt(io, () => check.candidate.open(integrityOf(args))));
    if (typeof bundle === "number") return bundle;
    if (args.values.summary === true) return updateWithSummary(check, bundle, args, io, policy);
    if (args.values.format !== "json" && args.values.quiet !== true)
      io.out(
        `${check.older ? "going back" : "updating"} ${check.installed} → ${latest} from ${check.source}`,
      );
    return installBundle(bundle, { ...args, values: { ...args.values, yes: true } }, io, policy);
  },
};

/** Runs a step of the update; an AgentcError is reported with its hint and is exit 1. */
async function attempt<T>(io: CommandIo, step: () => Promise<T>): Promise<T | number> {
  try {
    return await step();
  } catch (error) {
    if (!(error instanceof AgentcError)) throw error;
    return fail(io, error.message, error.hint);
  }
}

function say(io: CommandIo, args: ParsedArgs, json: Record<string, unknown>, text: string): void {
  if (args.values.format === "json") io.out(JSON.stringify(json, null, 2));
  else if (args.values.quiet !== true) io.out(text);
}

function fail(io: CommandIo, message: string, hint: string): number {
  io.err(commandMessage("update", { message, hint }));
  return exitCodes.inputErrors;
}
