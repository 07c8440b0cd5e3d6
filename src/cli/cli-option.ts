/**
 * One option of a command, declared once: the parser's config (parse-command-args.ts), the usage line
 * (help/usage-line.ts) and the --help line (help/render-help.ts) are all made from it.
 */
export interface CliOption {
  /** What the option takes, as usage and help name it ("DIR", "a,b"); an option without one is a switch. */
  value?: string;
  /** A one-letter alias: "y" for -y. */
  short?: string;
  /** Must be given: the usage line shows it without brackets, and the parser refuses a command line without it. */
  required?: boolean;
  /** May be given more than once; the command gets every value, in order. */
  repeatable?: boolean;
  text: string;
  /** What applies when the option is not given, when that is not simply "off". */
  default?: string;
  /** The option it only works with; the usage line shows it inside that one's brackets: `[--fix [--yes]]`. */
  with?: string;
  /** The option it is the other choice to; the usage line shows both in one pair: `[--take-new | --keep-mine]`. */
  orElse?: string;
}

/** A command's options by their long name (without "--"), in the order help lists them. */
export type CliOptions = Readonly<Record<string, CliOption>>;
