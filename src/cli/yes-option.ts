import type { CliOption } from "./cli-option.js";

/** --yes, -y: ask nothing; `text` says what the command does instead of asking. */
export function yesOptions(text: string): Record<"yes", CliOption> {
  return { yes: { short: "y", text } };
}
