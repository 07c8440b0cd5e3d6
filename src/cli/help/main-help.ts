import { type CommandEntry, commandGroups } from "../command-index.js";

/** `agentc --help`: the commands grouped by what a user wants to do. */
export function renderMainHelp(entries: readonly CommandEntry[]): string {
  const width = Math.max(...entries.map((c) => c.name.length));
  const groups = commandGroups.map((group) =>
    [
      `${group}:`,
      ...entries.filter((c) => c.group === group).map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    ].join("\n"),
  );
  return [
    "agentc — compile, check and install AI coding assistant configuration",
    "",
    "usage: agentc <command> [options]      agentc help <command>: its options, exit codes, examples",
    "",
    groups.join("\n\n"),
    "",
    "start here: agentc init my-registry && agentc build my-registry && agentc install my-registry/build",
    "common options: --format <fmt>, --quiet, --help; NO_COLOR is respected; agentc --version",
    "exit codes: 0 ok (warnings allowed), 1 the input has errors, 2 usage error or internal failure",
  ].join("\n");
}
