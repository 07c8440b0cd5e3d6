import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { unknownChoiceFinding } from "../documents/checks/config-matches-schema.js";
import type { JsonDocument } from "../documents/json-document.js";
import type { AssistantSelection } from "./assistants.js";
import { replacedBuiltinsFinding } from "./checks/builtin-adapter-replaced.js";
import { alwaysOnPath, installedFiles } from "./install-files.js";
import type { Adapter, ResolvedAdapter, TargetsConfig } from "./model.js";

/**
 * Starts from the chosen built-in adapters; a targets[] entry with the id of a chosen built-in overrides the
 * fields it names (install fields one by one); any other entry adds an adapter of its own, so a built-in that
 * builtin_adapters leaves out never leaks fields into a registry's adapter of the same id.
 *
 * The built-ins are builtin_adapters, else those of targets.json "assistants", else all of them — except
 * that a registry with adapters of its own and neither key uses none (seed 000: targets[] is the list of
 * formats), and a chosen built-in that would collide with one of the registry's own adapters is left out
 * (`collidesWith`). What was left out is one AGC130 info.
 */
export function mergeAdapters(
  builtins: ResolvedAdapter[],
  targets: TargetsConfig,
  document: JsonDocument,
  diagnostics: Diagnostic[],
  selection: AssistantSelection = {},
): ResolvedAdapter[] {
  const own = ownAdapters(builtins, targets);
  const explicit = targets.builtin_adapters ?? selection.adapters;
  const picked =
    explicit === undefined && own.length > 0
      ? []
      : chooseBuiltins(
          builtins,
          targets.builtin_adapters ?? selection.adapters ?? "all",
          document,
          diagnostics,
        );
  const chosen = keptBuiltins(picked, own);
  reportLeftOut(builtins, picked, chosen, own, explicit === undefined, document, diagnostics);
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

/** targets[] entries that are adapters of the registry's own: an id no built-in has. */
function ownAdapters(builtins: ResolvedAdapter[], targets: TargetsConfig): Adapter[] {
  const ids = new Set(builtins.map((b) => b.adapter.id));
  return (targets.targets ?? []).filter((entry) => !ids.has(entry.id));
}

/**
 * The chosen built-ins that stay beside the registry's own adapters: one that collides with an own adapter
 * steps aside, and so does one whose links or imports lead to the always-on file of a built-in that
 * stepped aside, unless an own adapter writes that file (a link to AGENTS.md, once an own adapter writes
 * the single_file in place of the built-in one).
 */
function keptBuiltins(picked: ResolvedAdapter[], own: Adapter[]): ResolvedAdapter[] {
  let kept = picked.filter((b) => !own.some((entry) => collidesWith(b.adapter, entry)));
  const ownFiles = new Set(own.flatMap((a) => installedFiles(a).map((f) => f.path)));
  for (;;) {
    const gone = new Set(
      picked
        .filter((b) => !kept.includes(b))
        .map((b) => alwaysOnPath(b.adapter))
        .filter((path): path is string => path !== undefined && !ownFiles.has(path)),
    );
    const next = kept.filter((b) => !leadsTo(b.adapter).some((target) => gone.has(target)));
    if (next.length === kept.length) return kept;
    kept = next;
  }
}

/** The files an adapter's links and composed imports point at. */
function leadsTo(adapter: Adapter): string[] {
  const install = adapter.install ?? {};
  return [
    ...(install.adapter_symlinks ?? []).map((l) => l.target),
    ...(install.adopt ?? []).flatMap((a) => (a.target ? [a.target] : [])),
  ];
}

/**
 * A built-in steps aside for a registry's own adapter that writes the same kind of thing in the same
 * place: both the single_file always-on file, output folders that are equal or nested (one skills
 * folder, one rules folder), or a file one of them installs (always-on file, link, seed, owned asset) at
 * a path the other installs or inside the other's folder.
 */
export function collidesWith(builtin: Adapter, own: Adapter): boolean {
  if (builtin.global_placement === "single_file" && own.global_placement === "single_file") return true;
  if (sharesAFile(builtin, own) || sharesAFile(own, builtin)) return true;
  const [a, b] = [folderOf(builtin), folderOf(own)];
  if (a === "" || b === "") return false;
  return a === b || a.startsWith(`${b}/`) || b.startsWith(`${a}/`);
}

/** Whether a file `one` installs is one `other` installs too, or lies inside `other`'s folder. */
function sharesAFile(one: Adapter, other: Adapter): boolean {
  const folder = folderOf(other);
  const others = new Set(installedFiles(other).map((f) => f.path));
  return installedFiles(one).some(
    ({ path }) => others.has(path) || (folder !== "" && path.startsWith(`${folder}/`)),
  );
}

function folderOf(adapter: Adapter): string {
  return (adapter.output_dir ?? "").replace(/^\.\/+/, "").replace(/\/+$/, "");
}

function reportLeftOut(
  builtins: ResolvedAdapter[],
  picked: ResolvedAdapter[],
  chosen: ResolvedAdapter[],
  own: Adapter[],
  implicit: boolean,
  document: JsonDocument,
  diagnostics: Diagnostic[],
): void {
  const leftOut = implicit ? [] : picked.filter((b) => !chosen.includes(b)).map((b) => b.adapter.id);
  const finding = replacedBuiltinsFinding(
    own.map((a) => a.id),
    implicit ? { builtins: builtins.length } : undefined,
    leftOut,
    () => document.positionOf(["targets"], "key"),
  );
  if (finding) diagnostics.push(finding);
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
      unknownChoiceFinding(
        { what: "built-in adapter", id, known: [...known], listed: "Built-in adapters" },
        document.positionOf(["builtin_adapters", index]),
      ),
    );
  }
  return builtins.filter((b) => choice.includes(b.adapter.id));
}

function overlay(base: Adapter, entry: Adapter): Adapter {
  const merged: Adapter = { ...base, ...entry };
  if (base.install || entry.install) merged.install = { ...base.install, ...entry.install };
  return merged;
}
