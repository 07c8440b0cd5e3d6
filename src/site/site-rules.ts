import type { CoreRule } from "../core/model.js";
import type { Diagnostic, Position } from "../diagnostics/diagnostic.js";
import { skipped } from "../emit/adapters/emit-adapter.js";
import { scopeExpressedByAdapter } from "../emit/checks/scope-expressed-by-adapter.js";
import type { EmittedFile } from "../emit/emitted-tree.js";
import type { Registry, Rule } from "../registry/model.js";
import { adapterWrites } from "../registry/rule-scope.js";
import type { SiteDroppedRule, SiteRule, SiteWrite } from "./site-model.js";

/** Every compiled rule (sources first, then core/rules/) with the files that carry it. */
export function siteRules(
  registry: Registry,
  files: readonly EmittedFile[],
  diagnostics: readonly Diagnostic[],
): SiteRule[] {
  const notesAt = diagnosticsByPosition(diagnostics);
  const writes = writesByRule(files);
  const sourceRules = registry.rules.map(
    (rule): SiteRule => ({
      slug: rule.slug,
      title: rule.title,
      origin: "source",
      source: rule.sourceName,
      kind: rule.kind,
      ...(rule.adapters ? { adapters: rule.adapters } : {}),
      position: rule.heading,
      scope: rule.scope,
      globs: rule.globs,
      ...(rule.trigger ? { trigger: rule.trigger } : {}),
      ...(rule.description ? { description: rule.description } : {}),
      writes: writes.sources.get(rule) ?? [],
      notes: notesFor([rule.heading, ...Object.values(rule.fields)], notesAt),
    }),
  );
  return [...sourceRules, ...registry.core.rules.map((rule) => coreRule(rule, writes.core, notesAt))];
}

function coreRule(
  rule: CoreRule,
  writes: Map<string, SiteWrite[]>,
  notesAt: Map<string, number[]>,
): SiteRule {
  const position = rule.positionOf([]);
  return {
    slug: rule.name,
    title: rule.name,
    origin: "core",
    source: "core",
    kind: "core",
    position,
    scope: rule.trigger,
    globs: rule.globs,
    ...(rule.description ? { description: rule.description } : {}),
    writes: writes.get(rule.name) ?? [],
    notes: notesFor([position], notesAt),
  };
}

/** Rules of sources.json that are not compiled at all (another rule won the slug, or supersedes it), then per-adapter skips. */
export function siteDropped(registry: Registry): SiteDroppedRule[] {
  const dropped = (registry.droppedRules ?? []).map(
    ({ rule, by, reason, diagnostic }): SiteDroppedRule => ({
      ...about(rule),
      reason,
      by: { slug: by.slug, source: by.sourceName, position: by.heading },
      why: diagnostic.message,
      check: diagnostic.id,
    }),
  );
  const skips = registry.rules.flatMap((rule): SiteDroppedRule[] => {
    const adapters = registry.adapters
      .filter(({ adapter }) => adapterWrites(adapter.id, rule) && skipped(adapter, rule))
      .map((a) => a.adapter.id);
    if (adapters.length === 0) return [];
    const why = `all its globs (${rule.globs.join(", ")}) are in the skip_globs of ${adapters.join(", ")}`;
    return [{ ...about(rule), reason: "skip_globs", adapters, why, check: scopeExpressedByAdapter.id }];
  });
  return [...dropped, ...skips];
}

function about(rule: Rule): Pick<SiteDroppedRule, "slug" | "source" | "kind" | "position"> {
  return { slug: rule.slug, source: rule.sourceName, kind: rule.kind, position: rule.heading };
}

function writesByRule(files: readonly EmittedFile[]) {
  const sources = new Map<Rule, SiteWrite[]>();
  const core = new Map<string, SiteWrite[]>();
  const add = <K>(map: Map<K, SiteWrite[]>, at: K, write: SiteWrite) => {
    const list = map.get(at) ?? [];
    list.push(write);
    map.set(at, list);
  };
  for (const file of files) {
    const write = { component: file.component, path: file.path, role: file.role };
    for (const rule of file.rules) add(sources, rule, write);
    if (file.client?.kind === "rule" && file.client.name) add(core, file.client.name, write);
  }
  return { sources, core };
}

function diagnosticsByPosition(diagnostics: readonly Diagnostic[]): Map<string, number[]> {
  const at = new Map<string, number[]>();
  diagnostics.forEach((d, index) => {
    const list = at.get(key(d)) ?? [];
    list.push(index);
    at.set(key(d), list);
  });
  return at;
}

function notesFor(positions: readonly Position[], notesAt: Map<string, number[]>): number[] {
  const found = new Set(positions.flatMap((p) => notesAt.get(key(p)) ?? []));
  return [...found].sort((a, b) => a - b);
}

function key(p: Position): string {
  return `${p.line}:${p.column}:${p.file}`;
}
