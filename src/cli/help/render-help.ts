import type { Command, OptionSpec } from "../command.js";
import { commonOptionHelp, commonOptions } from "../common-options.js";
import { wrapLine } from "../wrap.js";
import type { OptionHelp } from "./command-help.js";

export interface HelpRow {
  left: string;
  right: string;
}

/**
 * `agentc <command> --help`: usage, arguments, one line per option, exit codes, examples. With a `width`
 * (a terminal's), each text is wrapped under its own column; without one, every entry is one line.
 */
export function renderCommandHelp(command: Command, width = Number.POSITIVE_INFINITY): string {
  const { help } = command;
  const wrap = (line: string, indent: number) => wrapLine(line, width, indent).join("\n");
  const usageIndent = `usage: agentc ${command.name} `.length;
  const sections = [
    wrap(`agentc ${command.name} — ${command.summary}`, 4),
    command.usage
      .split("\n")
      .map((line, i) => wrap(i === 0 ? `usage: ${line}` : line, usageIndent))
      .join("\n"),
  ];
  if (help.arguments.length > 0)
    sections.push(
      section(
        "arguments",
        help.arguments.map((a) => ({ left: a.name, right: withDefault(a.text, a.default) })),
        width,
      ),
    );
  sections.push(section("options", optionRows(command), width));
  sections.push(
    section(
      "exit codes",
      Object.entries(help.exitCodes).map(([code, text]) => ({ left: code, right: text })),
      width,
    ),
  );
  sections.push(
    [
      "examples:",
      ...help.examples.map((e) => `${wrap(`  ${e.command}`, 6)}\n${wrap(`      ${e.text}`, 6)}`),
    ].join("\n"),
  );
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

/** A titled list of rows: the left column padded, the right one wrapped under itself. */
function section(title: string, rows: readonly HelpRow[], width = Number.POSITIVE_INFINITY): string {
  return [`${title}:`, ...columns(rows, width)].join("\n");
}

/** Below this many columns for the right text, it starts on a line of its own instead. */
const narrowestText = 30;

/** Two columns, "  left  right", the right one wrapped with its continuations under its first word. */
export function columns(rows: readonly HelpRow[], width = Number.POSITIVE_INFINITY): string[] {
  const leftWidth = Math.max(...rows.map((r) => r.left.length));
  const textAt = 2 + leftWidth + 2;
  if (width - textAt < narrowestText)
    return rows.flatMap((r) => [`  ${r.left}`, ...wrapLine(`      ${r.right}`, width, 6)]);
  return rows.flatMap((r) => wrapLine(`  ${r.left.padEnd(leftWidth)}  ${r.right}`, width, textAt));
}
