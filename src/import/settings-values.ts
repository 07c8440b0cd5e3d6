import { canonicalJson } from "../compose/value-hash.js";
import type { KeyPath } from "../packs/shared/unfill-template.js";
import { leftOut, type ReadContext } from "./read-context.js";
import type { SettingsDocument } from "./settings-document.js";

/** A value the registry does not carry: it stays in the project's file, beside what agentc composes. */
export function unowned(
  ctx: ReadContext,
  document: SettingsDocument,
  path: KeyPath,
  why?: string,
  hint = document.kept
    ? "It stays in the project's own file, which agentc install leaves as it is."
    : "It stays in the project's own file: agentc install composes its values beside it and never removes it.",
): void {
  document.leftOut.push(path);
  leftOut(
    ctx,
    document.positionOf(path),
    `${path.join(".")} in ${document.file} ${why ?? "has no neutral equivalent"}: not imported`,
    hint,
  );
}

/** Top-level values a pack writes as they are (a version, a switch): agentc's own when equal. */
export function extrasAgree(
  ctx: ReadContext,
  document: SettingsDocument,
  base: KeyPath,
  extras: Record<string, unknown> | undefined,
  container: Record<string, unknown>,
): string[] {
  const owned: string[] = [];
  for (const [key, value] of Object.entries(extras ?? {})) {
    if (!(key in container)) continue;
    owned.push(key);
    if (canonicalJson(container[key]) === canonicalJson(value)) document.extras.push([...base, key]);
    else
      unowned(
        ctx,
        document,
        [...base, key],
        `is ${JSON.stringify(container[key])}, where agentc writes ${JSON.stringify(value)}`,
      );
  }
  return owned;
}
