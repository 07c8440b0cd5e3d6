import type { ParseArgsConfig } from "node:util";
import type { CommandHelp } from "./help/command-help.js";

export type OptionSpec = NonNullable<ParseArgsConfig["options"]>;

export interface CommandIo {
  out(text: string): void;
  err(text: string): void;
  color: boolean;
  isTty: boolean;
}

export interface ParsedArgs {
  values: Record<string, string | boolean | undefined>;
  positionals: string[];
}

export interface Command {
  name: string;
  summary: string;
  usage: string;
  options: OptionSpec;
  /** What `agentc <name> --help` prints: one line per option of `options`, exit codes, examples. */
  help: CommandHelp;
  /** Formats accepted by --format. */
  formats: readonly string[];
  /** When set, more positional arguments than this are a usage error. */
  maxPositionals?: number;
  run(args: ParsedArgs, io: CommandIo): Promise<number>;
}

export class UsageError extends Error {}

export const exitCodes = { ok: 0, inputErrors: 1, usage: 2 } as const;
