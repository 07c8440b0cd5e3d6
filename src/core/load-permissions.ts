import type { Diagnostic } from "../diagnostics/diagnostic.js";
import type { JsonDocument } from "../documents/json-document.js";
import type { RegistryReader } from "../documents/registry-reader.js";
import { disagreementFindings } from "./checks/permission-lists-disagree.js";
import { listedPatternFinding } from "./checks/permission-pattern-well-formed.js";
import { misplacedQualifierFindings } from "./checks/permission-qualifier-fits-verb.js";
import { loadCoreJson } from "./core-json.js";
import {
  emptyPermissions,
  type PatternKind,
  type PermissionLevel,
  type PermissionLists,
  type PermissionRule,
  patternKindOf,
  permissionLevels,
  type Verb,
} from "./model.js";

export const permissionsFile = "core/permissions.json";

type WrittenRule = { verb: Verb; reason?: string; clients?: string[] } & Partial<
  Record<PatternKind, string[]>
>;

/** core/permissions.json: project-wide deny, ask and allow rules. */
export function loadPermissions(reader: RegistryReader, diagnostics: Diagnostic[]): PermissionLists {
  const lists = emptyPermissions();
  const document = loadCoreJson(reader, permissionsFile, "core-permissions", diagnostics);
  if (!document) return lists;
  const written = document.value as Partial<Record<PermissionLevel, WrittenRule[]>>;
  for (const level of permissionLevels) {
    for (const [index, rule] of (written[level] ?? []).entries()) {
      const loaded = toRule(rule, document, [level, index], diagnostics);
      if (loaded) lists[level].push(loaded);
    }
  }
  diagnostics.push(...disagreementFindings(lists));
  return lists;
}

/** A rule with any fault is left out rather than kept broader than written. */
function toRule(
  rule: WrittenRule,
  document: JsonDocument,
  path: [PermissionLevel, number],
  diagnostics: Diagnostic[],
): PermissionRule | undefined {
  const kind = patternKindOf[rule.verb];
  const before = diagnostics.length;
  diagnostics.push(...misplacedQualifierFindings(rule, (key) => document.positionOf([...path, key], "key")));
  const patterns = rule[kind] ?? [];
  for (const [index, pattern] of patterns.entries()) {
    const finding = listedPatternFinding(rule.verb, pattern, document.positionOf([...path, kind, index]));
    if (finding) diagnostics.push(finding);
  }
  if (diagnostics.length > before) return undefined;
  const position = document.positionOf(path);
  const clients = rule.clients ? { clients: rule.clients } : {};
  return { verb: rule.verb, patterns, ...(rule.reason ? { reason: rule.reason } : {}), ...clients, position };
}
