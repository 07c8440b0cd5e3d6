import type { CliOption, CliOptions } from "../cli-option.js";
import type { Command } from "../command.js";
import type { ArgumentHelp } from "./command-help.js";

/** Where a usage line's continuation starts: under "agentc" of "usage: agentc ...". */
const continuation = " ".repeat("usage: ".length);

/**
 * The usage of a command, made from its declared arguments and options: `agentc <name> <arguments>
 * [--option VALUE] ... [--format a|b]`, then its notes on lines of their own. --format is shown when the
 * command has more than one; --quiet and --help, which every command takes, are not.
 */
export function usageLine(command: Command): string {
  const { arguments: args, options, usageNotes = [] } = command.help;
  const format = command.formats.length > 1 ? [`[--format ${command.formats.join("|")}]`] : [];
  const own = args.filter((a) => a.with === undefined).map((a) => a.name);
  const line = [`agentc ${command.name}`, ...own, ...optionsUsage(options, args), ...format];
  return [line.join(" "), ...usageNotes.map((note) => `${continuation}${note}`)].join("\n");
}

/**
 * Each option in brackets, in declared order; an option that goes with, or instead of, another, and an
 * argument that belongs to an option, are shown in that one's brackets.
 */
function optionsUsage(options: CliOptions, args: readonly ArgumentHelp[]): string[] {
  const entries = Object.entries(options);
  return entries
    .filter(([, option]) => option.with === undefined && option.orElse === undefined)
    .map(([name, option]) => {
      const choices = [
        flag(name, option),
        ...entries.filter(([, o]) => o.orElse === name).map(([n, o]) => flag(n, o)),
      ];
      const inner = [
        ...entries.filter(([, o]) => o.with === name).map(([n, o]) => ` ${bracketed(n, o)}`),
        ...args.filter((a) => a.with === name).map((a) => ` ${a.name}`),
      ];
      const shown = `${choices.join(" | ")}${inner.join("")}`;
      return `${option.required ? shown : `[${shown}]`}${option.repeatable ? "..." : ""}`;
    });
}

function bracketed(name: string, option: CliOption): string {
  return `[${flag(name, option)}]${option.repeatable ? "..." : ""}`;
}

function flag(name: string, option: CliOption): string {
  return option.value === undefined ? `--${name}` : `--${name} ${option.value}`;
}
