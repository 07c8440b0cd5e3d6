import type { OsReadDenyWrite } from "../clients/model.js";
import { canonicalJson } from "../compose/value-hash.js";
import { deniedPaths, templatesLeftOpen } from "../emit/clients/os-read-deny.js";
import type { KeyPath } from "../packs/shared/unfill-template.js";
import { valueAt } from "../packs/shared/value-at.js";
import { isObject } from "../shared/json-shape.js";
import type { ReadContext } from "./read-context.js";
import type { SettingsDocument } from "./settings-document.js";
import { unowned } from "./settings-values.js";

/**
 * A client's sandbox as agentc writes it (clients/<id>.json os_read_deny.write): the switch when it has
 * agentc's value, and the paths agentc would write for the read rules imported so far and the guard, are
 * agentc's (they come back through those rules; the round trip shows a switch no rule turns on); every
 * other value under the same keys is the person's and stays in their file.
 * Returns the top-level keys the part owns.
 */
export function readOsReadDeny(
  ctx: ReadContext,
  write: OsReadDenyWrite,
  document: SettingsDocument,
): string[] {
  const asked = [
    ...new Set(ctx.items.permissions.deny.filter((r) => r.verb === "read").flatMap((r) => r.patterns)),
  ];
  const allowed = ctx.items.guard ? templatesLeftOpen(write, asked) : [];
  const ours: { path: KeyPath; value?: unknown; elements?: string[] }[] = [
    ...write.values_at.map(({ path, value }) => ({ path, value })),
    ...(write.deny_key
      ? [{ path: write.deny_key, elements: deniedPaths(write, asked, ctx.items.guard) }]
      : []),
    ...(write.allow_key ? [{ path: write.allow_key, elements: allowed }] : []),
  ];
  const tops = [...new Set(ours.map((o) => String(o.path[0])))].filter((top) => top in document.value);
  const paths = ours.map((o) => o.path);
  for (const top of tops) othersUnder(ctx, document, [top], paths);
  for (const { path, value, elements } of ours) {
    const found = valueAt(document.value, path);
    if (found === undefined) continue;
    if (elements) listOf(ctx, document, path, found, asked.length > 0 ? elements : []);
    else if (canonicalJson(found) === canonicalJson(value)) ctx.items.sandboxesReads = true;
    else
      unowned(
        ctx,
        document,
        path,
        `is ${JSON.stringify(found)}, where agentc writes ${JSON.stringify(value)}`,
      );
  }
  return tops;
}

/** Each element agentc does not write for these rules stays the person's. */
function listOf(
  ctx: ReadContext,
  document: SettingsDocument,
  path: KeyPath,
  list: unknown,
  ours: string[],
): void {
  if (!Array.isArray(list)) {
    unowned(ctx, document, path, "is not a list of paths");
    return;
  }
  for (const [index, element] of list.entries())
    if (typeof element !== "string" || !ours.includes(element)) unowned(ctx, document, [...path, index]);
}

/** Values under `at` that lie on none of agentc's key paths: the person's own sandbox settings. */
function othersUnder(ctx: ReadContext, document: SettingsDocument, at: KeyPath, ours: KeyPath[]): void {
  const value = valueAt(document.value, at);
  const onPath = ours.filter((path) => at.every((key, i) => path[i] === key));
  if (onPath.some((path) => path.length === at.length)) return;
  if (!isObject(value)) {
    unowned(ctx, document, at);
    return;
  }
  for (const key of Object.keys(value)) {
    const next = [...at, key];
    if (onPath.some((path) => path[at.length] === key)) othersUnder(ctx, document, next, onPath);
    else unowned(ctx, document, next);
  }
}
