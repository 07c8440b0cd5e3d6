import type { Command, OptionSpec } from "../command.js";
import { commonOptionHelp, commonOptions } from "../common-options.js";
import type { OptionHelp } from "./command-help.js";

interface HelpRow {
  left: string;
  right: string;
}

/** `agentc <command> --help`: usage, arguments, one line per option, exit codes, examples. */
export function renderCommandHelp(command: Command): string {
  const { help } = command;
  const sections = [`agentc ${command.name} — ${command.summary}`, `usage: ${command.usage}`];
  if (help.arguments.length > 0)
    sections.push(
      section(
        "arguments",
        help.arguments.map((a) => ({ left: a.name, right: withDefault(a.text, a.default) })),
      ),
    );
  sections.push(section("options", optionRows(command)));
  sections.push(
    section(
      "exit codes",
      Object.entries(help.exitCodes).map(([code, text]) => ({ left: code, right: text })),
    ),
  );
  sections.push(["examples:", ...help.examples.map((e) => `  ${e.command}\n      ${e.text}`)].join("\n"));
  return sections.join("\n\n");
}

function optionRows(command: Command): HelpRow[] {
  const own = Object.entries(command.help.options).map(([name, help]) =>
    optionRow(name, command.options, help),
  );
  const common = Object.entries(commonOptionHelp(command.formats)).map(([name, help]) =>
    optionRow(name, commonOptions, help),
  );
  return [...own, ...common];
}

function optionRow(name: string, spec: OptionSpec, help: OptionHelp): HelpRow {
  const short = spec[name]?.short;
  const flag = `${short ? `-${short}, ` : ""}--${name}${help.value ? ` ${help.value}` : ""}`;
  const repeat = spec[name]?.multiple ? " (repeatable)" : "";
  return { left: flag, right: withDefault(`${help.text}${repeat}`, help.default) };
}

function withDefault(text: string, fallback: string | undefined): string {
  return fallback === undefined ? text : `${text} (default: ${fallback})`;
}

function section(title: string, rows: readonly HelpRow[]): string {
  const width = Math.max(...rows.map((r) => r.left.length));
  return [`${title}:`, ...rows.map((r) => `  ${r.left.padEnd(width)}  ${r.right}`)].join("\n");
}
