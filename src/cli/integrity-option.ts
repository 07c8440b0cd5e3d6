import type { CliOption } from "./cli-option.js";
import type { ParsedArgs } from "./command.js";

/** --integrity HASH: the sha256 a bundle must have; `text` says which bundle. */
export function integrityOptions(text: string): Record<"integrity", CliOption> {
  return { integrity: { value: "HASH", text } };
}

/** The --integrity given, as the bundle readers take it. */
export function integrityOf(args: ParsedArgs): { integrity?: string } {
  return typeof args.values.integrity === "string" ? { integrity: args.values.integrity } : {};
}
