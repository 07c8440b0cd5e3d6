import type { OptionSpec } from "./command.js";
import type { OptionHelp } from "./help/command-help.js";

/** Options every command takes, besides its own. */
export const commonOptions = {
  format: { type: "string" },
  quiet: { type: "boolean", short: "q" },
  help: { type: "boolean", short: "h" },
} as const satisfies OptionSpec;

export function commonOptionHelp(formats: readonly string[]): Record<keyof typeof commonOptions, OptionHelp> {
  return {
    format: { value: formats.join("|"), text: "how to print the result", default: formats[0] ?? "pretty" },
    quiet: { text: "print only problems (errors and warnings), nothing when all is well" },
    help: { text: "print this help" },
  };
}
