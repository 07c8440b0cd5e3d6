/** One line of help for an option; `value` names what a string option takes ("DIR", "a,b"). */
export interface OptionHelp {
  value?: string;
  text: string;
  /** What applies when the option is not given, when that is not simply "off". */
  default?: string;
}

export interface ArgumentHelp {
  /** As the usage line shows it: "<bundle>" when required, "[registry]" when optional. */
  name: string;
  text: string;
  default?: string;
}

export interface ExampleHelp {
  command: string;
  text: string;
}

/** The help of one command, kept as data beside it (src/cli/help/<command>.ts). */
export interface CommandHelp {
  arguments: readonly ArgumentHelp[];
  /** Keyed by option name; exactly the command's own `options` (test/cli/help-data.test.ts). */
  options: Readonly<Record<string, OptionHelp>>;
  /** What each exit code means for this command. */
  exitCodes: Readonly<{ 0: string; 1?: string; 2: string }>;
  examples: readonly [ExampleHelp, ExampleHelp, ...ExampleHelp[]];
}
