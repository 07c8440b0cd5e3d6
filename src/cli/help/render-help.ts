import type { CliOption } from "../cli-option.js";
import type { Command } from "../command.js";
import { everyOption } from "../common-options.js";
import { wrapLine } from "../wrap.js";
import { usageLine } from "./usage-line.js";

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
    usageLine(command)
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
  sections.push(
    section(
      "options",
      Object.entries(everyOption(command)).map(([name, option]) => optionRow(name, option)),
      width,
    ),
  );
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

function optionRow(name: string, option: CliOption): HelpRow {
  const flag = `${option.short ? `-${option.short}, ` : ""}--${name}${option.value ? ` ${option.value}` : ""}`;
  const notes = `${option.required ? " (required)" : ""}${option.repeatable ? " (repeatable)" : ""}`;
  return { left: flag, right: withDefault(`${option.text}${notes}`, option.default) };
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
