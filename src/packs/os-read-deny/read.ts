import { canonicalJson } from "../../compose/value-hash.js";
import { isObject } from "../../shared/json-shape.js";
import type { ReadDocument, ReadReport } from "../section.js";
import type { KeyPath } from "../shared/unfill-template.js";
import { valueAt } from "../shared/value-at.js";
import { deniedPaths, templatesLeftOpen } from "./emit.js";
import type { OsReadDenyFound, OsReadDenySeen, OsReadDenyWrite } from "./model.js";

/**
 * A client's sandbox as agentc writes it (clients/<id>.json os_read_deny.write): the switch when it has
 * agentc's value, and the paths agentc would write for the read rules imported so far and the guard, are
 * agentc's (they come back through those rules; the round trip shows a switch no rule turns on); every
 * other value under the same keys is the person's and stays in their file.
 * Returns the top-level keys the part owns.
 */
export function readOsReadDeny(
  write: OsReadDenyWrite,
  document: ReadDocument,
  report: ReadReport,
  found: OsReadDenyFound & OsReadDenySeen,
): string[] {
  const asked = [
    ...new Set(found.permissions.deny.filter((r) => r.verb === "read").flatMap((r) => r.patterns)),
  ];
  const allowed = found.guard ? templatesLeftOpen(write, asked) : [];
  const ours: { path: KeyPath; value?: unknown; elements?: string[] }[] = [
    ...write.values_at.map(({ path, value }) => ({ path, value })),
    ...(write.deny_key ? [{ path: write.deny_key, elements: deniedPaths(write, asked, found.guard) }] : []),
    ...(write.allow_key ? [{ path: write.allow_key, elements: allowed }] : []),
  ];
  const tops = [...new Set(ours.map((o) => String(o.path[0])))].filter((top) => top in document.value);
  const paths = ours.map((o) => o.path);
  for (const top of tops) othersUnder(document, report, [top], paths);
  for (const { path, value, elements } of ours) {
    const at = valueAt(document.value, path);
    if (at === undefined) continue;
    if (elements) listOf(report, path, at, asked.length > 0 ? elements : []);
    else if (canonicalJson(at) === canonicalJson(value)) found.sandboxesReads = true;
    else report.unowned(path, `is ${JSON.stringify(at)}, where agentc writes ${JSON.stringify(value)}`);
  }
  return tops;
}

/** Each element agentc does not write for these rules stays the person's. */
function listOf(report: ReadReport, path: KeyPath, list: unknown, ours: string[]): void {
  if (!Array.isArray(list)) {
    report.unowned(path, "is not a list of paths");
    return;
  }
  for (const [index, element] of list.entries())
    if (typeof element !== "string" || !ours.includes(element)) report.unowned([...path, index]);
}

/** Values under `at` that lie on none of agentc's key paths: the person's own sandbox settings. */
function othersUnder(document: ReadDocument, report: ReadReport, at: KeyPath, ours: KeyPath[]): void {
  const value = valueAt(document.value, at);
  const onPath = ours.filter((path) => at.every((key, i) => path[i] === key));
  if (onPath.some((path) => path.length === at.length)) return;
  if (!isObject(value)) {
    report.unowned(at);
    return;
  }
  for (const key of Object.keys(value)) {
    const next = [...at, key];
    if (onPath.some((path) => path[at.length] === key)) othersUnder(document, report, next, onPath);
    else report.unowned(next);
  }
}
