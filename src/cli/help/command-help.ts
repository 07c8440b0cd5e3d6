import type { CliOptions } from "../cli-option.js";

export interface ArgumentHelp {
  /** As the usage line shows it: "<bundle>" when required, "[registry]" when optional. */
  name: string;
  text: string;
  default?: string;
  /** The option it belongs to; the usage line shows it inside that one's brackets: `[--sources [registry]]`. */
  with?: string;
}

export interface ExampleHelp {
  command: string;
  text: string;
}

/**
 * What a command takes and means, kept as data beside it (src/cli/help/<command>.ts): its parser, its usage
 * line and its --help are made from this.
 */
export interface CommandHelp {
  /** In the order the usage line shows them. */
  arguments: readonly ArgumentHelp[];
  /** The command's own options; --format, --quiet and --help are common to all (common-options.ts). */
  options: CliOptions;
  /** Lines the usage shows below its first, each under "agentc": another form, a note on arguments. */
  usageNotes?: readonly string[];
  /** What each exit code means for this command. */
  exitCodes: Readonly<{ 0: string; 1?: string; 2: string }>;
  examples: readonly [ExampleHelp, ExampleHelp, ...ExampleHelp[]];
}
