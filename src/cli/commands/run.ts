import {
  type CommandRequest,
  chooseCapability,
  commandLaunch,
  exitStatus,
  type Installed,
  listingJson,
  listingPretty,
  readInstalled,
  runCommandProcess,
  unstartable,
} from "../../install/index.js";
import { type Command, type CommandIo, exitCodes, type ParsedArgs, UsageError } from "../command.js";
import { runHelp } from "../help/run.js";
import { installedProjectHint, projectOption } from "../project-option.js";
import { commandMessage } from "../report/command-message.js";

export const runCommand: Command = {
  name: "run",
  summary: "run a command of an installed capability package (without one: list them with their commands)",
  formats: ["pretty", "json"],
  help: runHelp,
  async run(args, io) {
    const [capability, name, ...rest] = args.positionals;
    const installed = readInstalled(projectOption(args, () => installedProjectHint));
    if (!installed.ok) {
      io.err(commandMessage("run", { message: installed.problem }));
      return exitCodes.usage;
    }
    if (name === undefined) return list(installed, capability, args, io);
    if (args.values.format === "json")
      throw new UsageError("--format json is for the listing (agentc run, or agentc run <capability>)");
    return runOne(installed, { capability: capability as string, name, args: rest }, args, io);
  },
};

function list(installed: Installed, capability: string | undefined, args: ParsedArgs, io: CommandIo): number {
  let shown = installed.capabilities;
  if (capability !== undefined) {
    const chosen = chooseCapability(installed, capability);
    if (!chosen.ok) return refuse(io, chosen.problem, chosen.hint);
    shown = [chosen.capability];
  }
  if (args.values.format === "json") io.out(listingJson(installed, shown));
  else for (const line of listingPretty(installed, shown)) io.out(line);
  return exitCodes.ok;
}

async function runOne(
  installed: Installed,
  request: CommandRequest,
  args: ParsedArgs,
  io: CommandIo,
): Promise<number> {
  const launch = commandLaunch(installed, request);
  if (!launch.ok) return refuse(io, launch.problem, launch.hint);
  if (launch.warning && args.values.quiet !== true)
    io.err(commandMessage("run", { kind: "warning", message: launch.warning }));
  const end = await runCommandProcess({ argv: launch.argv, cwd: process.cwd(), env: launch.env });
  if (end.kind !== "unstartable") return exitStatus(end);
  return refuse(
    io,
    `${launch.subject} ${unstartable(end.code, launch.program)}`,
    "install the program, or fix the package",
  );
}

function refuse(io: CommandIo, problem: string, hint: string): number {
  io.err(commandMessage("run", { message: problem, hint }));
  return exitCodes.inputErrors;
}
