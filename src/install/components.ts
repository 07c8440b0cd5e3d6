import type { Manifest } from "../manifest/manifest-model.js";
import type { InstallRecord } from "./record.js";

/** How the components were asked for: a list, all of them, or the default (last install's, else all). */
export type ComponentChoice = { kind: "list"; ids: string[] } | { kind: "all" } | { kind: "default" };

export type ChosenComponents = { ok: true; ids: string[] } | { ok: false; problem: string };

export function requiredComponents(manifest: Manifest): string[] {
  return Object.entries(manifest.install.components)
    .filter(([, c]) => c.required)
    .map(([id]) => id);
}

/** The default selection: what the record says was installed (still offered), else everything. */
export function defaultComponents(manifest: Manifest, record: InstallRecord | undefined): string[] {
  const ids = Object.keys(manifest.install.components);
  const previous = record?.components.filter((id) => ids.includes(id)) ?? [];
  return previous.length > 0 ? withRequired(manifest, previous) : ids;
}

export function chooseComponents(
  manifest: Manifest,
  record: InstallRecord | undefined,
  choice: ComponentChoice,
): ChosenComponents {
  const ids = Object.keys(manifest.install.components);
  if (choice.kind === "all") return { ok: true, ids: [...ids].sort() };
  if (choice.kind === "default") return { ok: true, ids: defaultComponents(manifest, record) };
  const unknown = choice.ids.filter((id) => !ids.includes(id));
  if (unknown.length > 0)
    return {
      ok: false,
      problem: `unknown component${unknown.length > 1 ? "s" : ""} ${unknown.join(", ")}; this bundle has ${ids.join(", ") || "none"}`,
    };
  return { ok: true, ids: withRequired(manifest, choice.ids) };
}

export function withRequired(manifest: Manifest, ids: string[]): string[] {
  return [...new Set([...ids, ...requiredComponents(manifest)])].sort();
}
