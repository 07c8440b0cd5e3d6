import type { Core, CoreMarkdown, CoreSkill, PermissionLists } from "../../core/model.js";
import type { DependencyInput } from "../../dependencies/model.js";
import type { Diagnostic, Position } from "../../diagnostics/diagnostic.js";
import { kindPriority, type Rule } from "../model.js";

/*
 * Where a dependency's parts stand in the layered registry: the order of the layers, and its files, items
 * and findings named `@<dependency>/<path>`.
 */

/** The registry's own dependencies before theirs; on one level by priority, then in declared order. */
export function layerOrder(inputs: readonly DependencyInput[]): DependencyInput[] {
  return [...inputs].sort(
    (a, b) =>
      (a.depth ?? 0) - (b.depth ?? 0) ||
      kindPriority[a.priority ?? "community"] - kindPriority[b.priority ?? "community"],
  );
}

export const prefixPosition = <P extends Position>(position: P, prefix: string): P => ({
  ...position,
  file: `${prefix}${position.file}`,
});

export function prefixDiagnostic(d: Diagnostic, prefix: string): Diagnostic {
  return {
    ...d,
    file: d.file === "" ? d.file : `${prefix}${d.file}`,
    ...(d.related ? { related: d.related.map((r) => prefixPosition(r, prefix)) } : {}),
  };
}

export function prefixMarkdown<T extends CoreMarkdown>(item: T, prefix: string): T {
  return {
    ...item,
    file: `${prefix}${item.file}`,
    positionOf: (path, part) => prefixPosition(item.positionOf(path, part), prefix),
  };
}

export function prefixPermissions(lists: PermissionLists, prefix: string): PermissionLists {
  const each = (rules: PermissionLists["deny"]) =>
    rules.map((r) => ({ ...r, position: prefixPosition(r.position, prefix) }));
  return { deny: each(lists.deny), ask: each(lists.ask), allow: each(lists.allow) };
}

export const prefixSkill = (s: CoreSkill, prefix: string): CoreSkill => ({
  ...prefixMarkdown(s, prefix),
  dir: `${prefix}${s.dir}`,
  supportingFiles: s.supportingFiles.map((f) => `${prefix}${f}`),
  permissions: prefixPermissions(s.permissions, prefix),
});

export function prefixCore(core: Core, prefix: string): Core {
  return {
    rules: core.rules.map((r) => prefixMarkdown(r, prefix)),
    skills: core.skills.map((s) => prefixSkill(s, prefix)),
    agents: core.agents.map((a) => ({
      ...prefixMarkdown(a, prefix),
      permissions: prefixPermissions(a.permissions, prefix),
    })),
    commands: core.commands.map((c) => prefixMarkdown(c, prefix)),
    permissions: prefixPermissions(core.permissions, prefix),
    hooks: core.hooks.map((h) => ({ ...h, position: prefixPosition(h.position, prefix) })),
    mcpServers: core.mcpServers.map((s) => ({ ...s, position: prefixPosition(s.position, prefix) })),
  };
}

export function prefixRule(rule: Rule, prefix: string): Rule {
  const fields = Object.fromEntries(
    Object.entries(rule.fields).map(([key, position]) => [key, prefixPosition(position, prefix)]),
  ) as Rule["fields"];
  return {
    ...rule,
    file: `${prefix}${rule.file}`,
    heading: prefixPosition(rule.heading, prefix),
    fields,
    ...(rule.globPositions
      ? { globPositions: rule.globPositions.map((p) => prefixPosition(p, prefix)) }
      : {}),
  };
}
