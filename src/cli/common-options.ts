import type { CliOption, CliOptions } from "./cli-option.js";
import type { Command } from "./command.js";

/** Options every command takes, besides its own; --format takes one of the command's `formats`. */
export function commonOptions(formats: readonly string[]): Record<"format" | "quiet" | "help", CliOption> {
  return {
    format: { value: formats.join("|"), text: "how to print the result", default: formats[0] ?? "pretty" },
    quiet: { short: "q", text: "print only problems (errors and warnings), nothing when all is well" },
    help: { short: "h", text: "print this help" },
  };
}

/** Every option a command takes: its own, then the common ones, as its help lists them. */
export function everyOption(command: Command): CliOptions {
  return { ...command.help.options, ...commonOptions(command.formats) };
}
