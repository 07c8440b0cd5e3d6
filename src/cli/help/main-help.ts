import { type CommandEntry, commandGroups } from "../command-index.js";
import { commonOptions } from "../common-options.js";
import { wrapLine } from "../wrap.js";
import { columns } from "./render-help.js";

/** `agentc --help`: the commands grouped by what a user wants to do; wrapped to `width` when given. */
export function renderMainHelp(entries: readonly CommandEntry[], width = Number.POSITIVE_INFINITY): string {
  const nameWidth = Math.max(...entries.map((c) => c.name.length));
  const groups = commandGroups.map((group) =>
    [
      `${group}:`,
      ...columns(
        entries
          .filter((c) => c.group === group)
          .map((c) => ({ left: c.name.padEnd(nameWidth), right: c.summary })),
        width,
      ),
    ].join("\n"),
  );
  const wrap = (line: string, indent: number) => wrapLine(line, width, indent).join("\n");
  return [
    "agentc — compile, check and install AI coding assistant configuration",
    "",
    "usage: agentc <command> [options]",
    wrap("       agentc help <command>: its options, exit codes and examples", 7),
    "",
    groups.join("\n\n"),
    "",
    wrap(
      "start here: agentc init my-registry && agentc build my-registry && agentc install my-registry/build",
      12,
    ),
    wrap(`common options: ${commonFlags()}; NO_COLOR is respected; agentc --version`, 16),
    wrap(
      "exit codes: 0 ok (warnings allowed), 1 the input has errors, 2 usage error or internal failure",
      12,
    ),
  ].join("\n");
}

/** "--format <fmt>, --quiet, --help": the options every command takes, from their declarations. */
function commonFlags(): string {
  return Object.entries(commonOptions(["<fmt>"]))
    .map(([name, option]) => (option.value ? `--${name} ${option.value}` : `--${name}`))
    .join(", ");
}
