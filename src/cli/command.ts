import type { CommandHelp } from "./help/command-help.js";

export interface CommandIo {
  out(text: string): void;
  err(text: string): void;
  color: boolean;
  isTty: boolean;
  /**
   * How many columns the terminal has that stdout goes to: human-readable output is wrapped to it (at most
   * 100). Undefined when stdout is a pipe or a file, or a terminal that does not say its width (a pseudo-
   * terminal without a size): then every line is printed whole.
   */
  columns?: number;
}

export interface ParsedArgs {
  values: Record<string, string | boolean | undefined>;
  positionals: string[];
}

export interface Command {
  name: string;
  summary: string;
  /** Its arguments and options, declared once: the parser, the usage line and `--help` are made from them. */
  help: CommandHelp;
  /** Formats accepted by --format. */
  formats: readonly string[];
  /** When set, more positional arguments than this are a usage error. */
  maxPositionals?: number;
  run(args: ParsedArgs, io: CommandIo): Promise<number>;
}

/** A usage error (exit 2); with a `hint` of its own it is printed with that hint instead of the usage line. */
export class UsageError extends Error {
  constructor(
    message: string,
    readonly hint?: string,
  ) {
    super(message);
  }
}

export const exitCodes = { ok: 0, inputErrors: 1, usage: 2 } as const;
