import { nearestName } from "../shared/nearest-name.js";
import { type Command, type CommandIo, exitCodes, UsageError } from "./command.js";
import { commandIndex } from "./command-index.js";
import { renderMainHelp } from "./help/main-help.js";
import { renderCommandHelp } from "./help/render-help.js";
import { usageLine } from "./help/usage-line.js";
import { parseCommandArgs } from "./parse-command-args.js";
import { commandMessage } from "./report/command-message.js";
import { lineWriter } from "./stream-writer.js";
import { isTerminal } from "./terminal.js";
import { fitText, wrapWidth } from "./wrap.js";

function defaultIo(): CommandIo {
  const isTty = isTerminal(1);
  return {
    out: lineWriter(1, () => process.stdout),
    err: lineWriter(2, () => process.stderr),
    color: isTty && !process.env.NO_COLOR && process.env.TERM !== "dumb",
    isTty,
    ...(isTty && process.stdout.columns > 0 ? { columns: process.stdout.columns } : {}),
  };
}

export function helpText(width?: number): string {
  return renderMainHelp(commandIndex, width);
}

/** What the program that calls main may add to a run. */
export interface MainHooks {
  /** Called once the command, its modules and its arguments are loaded, right before it runs. */
  beforeRun?: () => void;
}

/** Runs one CLI invocation and returns the exit code; never throws for bad input. */
export async function main(
  argv: string[],
  io: CommandIo = defaultIo(),
  hooks: MainHooks = {},
): Promise<number> {
  const [name, ...rest] = argv;
  const width = wrapWidth(io.columns);
  const helpFor = name === "help" ? commandIndex.find((c) => c.name === rest[0]) : undefined;
  if (helpFor) {
    io.out(renderCommandHelp(await helpFor.load(), width));
    return exitCodes.ok;
  }
  if (!name || name === "--help" || name === "-h" || name === "help") {
    io.out(helpText(width));
    return name ? exitCodes.ok : exitCodes.usage;
  }
  if (name === "--version" || name === "-v") {
    io.out((await import("../shared/package-version.js")).packageVersion());
    return exitCodes.ok;
  }
  const entry = commandIndex.find((c) => c.name === name);
  if (!entry) {
    const near = nearestName(
      name,
      commandIndex.map((c) => c.name),
    );
    const suggestion = near ? `; did you mean '${near}'?` : "";
    const unknown = commandMessage("", { message: `unknown command "${name}"${suggestion}` });
    io.err(`${fitText(unknown, width)}\n\n${helpText(width)}`);
    return exitCodes.usage;
  }
  const command = await entry.load();
  const fitted = fittedIo(io, width);
  try {
    if (asksForHelp(rest)) {
      io.out(renderCommandHelp(command, width));
      return exitCodes.ok;
    }
    const parsed = parseCommandArgs(command, rest);
    const extra = parsed.positionals.slice(command.maxPositionals ?? parsed.positionals.length);
    if (extra.length > 0)
      throw new UsageError(`unexpected argument ${extra.map((a) => `"${a}"`).join(", ")}`);
    const format = parsed.values.format;
    if (typeof format === "string" && !command.formats.includes(format)) {
      throw new UsageError(
        `--format ${format} is not supported by '${command.name}'; use one of ${command.formats.join(", ")}`,
      );
    }
    hooks.beforeRun?.();
    return await command.run(parsed, machineFormats.has(String(format)) ? io : fitted);
  } catch (error) {
    return reportFailure(error, command, fitted);
  }
}

/** Formats for programs, printed whole on a terminal too (a wrapped JSON string is no longer JSON). */
const machineFormats = new Set(["json", "sarif", "github"]);

/** The io a command prints its human-readable text through: every line wrapped to the terminal's width. */
function fittedIo(io: CommandIo, width: number | undefined): CommandIo {
  if (width === undefined) return io;
  return { ...io, out: (text) => io.out(fitText(text, width)), err: (text) => io.err(fitText(text, width)) };
}

/** --help or -h before any "--" (after it, arguments belong to someone else, as in `agentc run`). */
function asksForHelp(args: string[]): boolean {
  const end = args.indexOf("--");
  return args.slice(0, end === -1 ? args.length : end).some((a) => a === "--help" || a === "-h");
}

function reportFailure(error: unknown, command: Command, io: CommandIo): number {
  const code = (error as { code?: string }).code;
  if (error instanceof UsageError && error.hint) {
    io.err(commandMessage(command.name, error));
    return exitCodes.usage;
  }
  if (error instanceof UsageError || (typeof code === "string" && code.startsWith("ERR_PARSE_ARGS"))) {
    const message = (error as Error).message;
    const hint = `'agentc ${command.name} --help' lists every option with examples`;
    io.err(commandMessage(command.name, { message, usage: usageLine(command), hint }));
    return exitCodes.usage;
  }
  const message = `internal error: ${(error as Error)?.message ?? String(error)}`;
  const hint =
    "this is a bug in agentc; please report it with the command you ran (set AGENTC_DEBUG=1 for details)";
  io.err(commandMessage(command.name, { message, hint }));
  if (process.env.AGENTC_DEBUG) io.err(String((error as Error)?.stack));
  return exitCodes.usage;
}
