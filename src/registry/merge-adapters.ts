import { diagnostic } from "../diagnostics/check-meta.js";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { configMatchesSchema } from "../documents/checks/config-matches-schema.js";
import type { JsonDocument } from "../documents/json-document.js";
import { didYouMean } from "../shared/nearest-name.js";
import type { Adapter, ResolvedAdapter, TargetsConfig } from "./model.js";

/**
 * Starts from the chosen built-in adapters; a targets[] entry with the id of a chosen built-in overrides the
 * fields it names (install fields one by one); any other entry adds an adapter of its own, so a built-in that
 * builtin_adapters leaves out never leaks fields into a registry's adapter of the same id.
 */
export function mergeAdapters(
  builtins: ResolvedAdapter[],
  targets: TargetsConfig,
  document: JsonDocument,
  diagnostics: Diagnostic[],
): ResolvedAdapter[] {
  const chosen = chooseBuiltins(builtins, targets.builtin_adapters ?? "all", document, diagnostics);
  const byId = new Map(chosen.map((a) => [a.adapter.id, a]));
  const order = chosen.map((a) => a.adapter.id);
  for (const [index, entry] of (targets.targets ?? []).entries()) {
    const base = byId.get(entry.id);
    if (!byId.has(entry.id)) order.push(entry.id);
    byId.set(entry.id, {
      adapter: base ? overlay(base.adapter, entry) : entry,
      origin: { document, path: ["targets", index], builtin: false },
    });
  }
  return order.map((id) => byId.get(id)).filter((a): a is ResolvedAdapter => a !== undefined);
}

function chooseBuiltins(
  builtins: ResolvedAdapter[],
  choice: "all" | "none" | string[],
  document: JsonDocument,
  diagnostics: Diagnostic[],
): ResolvedAdapter[] {
  if (choice === "all") return builtins;
  if (choice === "none") return [];
  const known = new Set(builtins.map((b) => b.adapter.id));
  for (const [index, id] of choice.entries()) {
    if (known.has(id)) continue;
    diagnostics.push(
      diagnostic(configMatchesSchema, {
        position: document.positionOf(["builtin_adapters", index]),
        message: `Unknown built-in adapter "${id}"`,
        hint: `${didYouMean(id, [...known])}Built-in adapters: ${[...known].join(", ")}.`,
      }),
    );
  }
  return builtins.filter((b) => choice.includes(b.adapter.id));
}

function overlay(base: Adapter, entry: Adapter): Adapter {
  const merged: Adapter = { ...base, ...entry };
  if (base.install || entry.install) merged.install = { ...base.install, ...entry.install };
  return merged;
}
