import { substitute } from "../packs/shared/placeholders.js";
import type { ClientPack } from "./model.js";

/** The text with every runtime placeholder of the pack ("<RUNTIME_DIR>") replaced. */
export function withRuntimePlaceholders(pack: ClientPack, text: string): string {
  return substitute(text, pack.runtime_placeholders);
}
