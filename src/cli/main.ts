import { parseArgs } from "node:util";
import { type Command, type CommandIo, exitCodes, UsageError } from "./command.js";
import { commandIndex } from "./command-index.js";
import { lineWriter } from "./stream-writer.js";
import { isTerminal } from "./terminal.js";

const commonOptions = {
  format: { type: "string" },
  quiet: { type: "boolean", short: "q" },
  help: { type: "boolean", short: "h" },
} as const;

function defaultIo(): CommandIo {
  const isTty = isTerminal(1);
  return {
    out: lineWriter(1, () => process.stdout),
    err: lineWriter(2, () => process.stderr),
    color: isTty && !process.env.NO_COLOR && process.env.TERM !== "dumb",
    isTty,
  };
}

export function helpText(): string {
  const width = Math.max(...commandIndex.map((c) => c.name.length));
  return [
    "agentc — compile, check and install AI coding assistant configuration",
    "",
    "usage: agentc <command> [options]",
    "",
    ...commandIndex.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    "",
    "common options: --format <fmt>, --quiet, --help; NO_COLOR is respected",
    "exit codes: 0 ok (warnings allowed), 1 the input has errors, 2 usage error or internal failure",
  ].join("\n");
}

/** Runs one CLI invocation and returns the exit code; never throws for bad input. */
export async function main(argv: string[], io: CommandIo = defaultIo()): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === "--help" || name === "-h" || name === "help") {
    io.out(helpText());
    return name ? exitCodes.ok : exitCodes.usage;
  }
  if (name === "--version" || name === "-v") {
    io.out((await import("../shared/package-version.js")).packageVersion());
    return exitCodes.ok;
  }
  const entry = commandIndex.find((c) => c.name === name);
  if (!entry) {
    io.err(`agentc: unknown command "${name}"\n\n${helpText()}`);
    return exitCodes.usage;
  }
  const command = await entry.load();
  try {
    const parsed = parseArgs({
      args: rest,
      options: { ...commonOptions, ...command.options },
      allowPositionals: true,
      strict: true,
    });
    if (parsed.values.help) {
      io.out(`${command.usage}\n\n${command.summary}`);
      return exitCodes.ok;
    }
    const extra = parsed.positionals.slice(command.maxPositionals ?? parsed.positionals.length);
    if (extra.length > 0)
      throw new UsageError(`unexpected argument ${extra.map((a) => `"${a}"`).join(", ")}`);
    const format = parsed.values.format;
    if (typeof format === "string" && !command.formats.includes(format)) {
      throw new UsageError(
        `--format ${format} is not supported by '${command.name}'; use one of ${command.formats.join(", ")}`,
      );
    }
    return await command.run(
      {
        values: parsed.values as Record<string, string | boolean | undefined>,
        positionals: parsed.positionals,
      },
      io,
    );
  } catch (error) {
    return reportFailure(error, command, io);
  }
}

function reportFailure(error: unknown, command: Command, io: CommandIo): number {
  const code = (error as { code?: string }).code;
  if (error instanceof UsageError || (typeof code === "string" && code.startsWith("ERR_PARSE_ARGS"))) {
    io.err(`agentc ${command.name}: ${(error as Error).message}\nusage: ${command.usage}`);
    return exitCodes.usage;
  }
  io.err(`agentc ${command.name}: internal error: ${(error as Error)?.message ?? String(error)}`);
  if (process.env.AGENTC_DEBUG) io.err(String((error as Error)?.stack));
  io.err(
    "  hint: this is a bug in agentc; please report it with the command you ran (set AGENTC_DEBUG=1 for details)",
  );
  return exitCodes.usage;
}
