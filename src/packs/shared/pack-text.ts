import { substitute } from "./placeholders.js";

/** The text with every runtime placeholder of the pack ("<RUNTIME_DIR>") replaced. */
export function withRuntimePlaceholders(
  pack: { runtime_placeholders: Record<string, string> },
  text: string,
): string {
  return substitute(text, pack.runtime_placeholders);
}
