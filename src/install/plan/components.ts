import type { Manifest } from "../../manifest/manifest-model.js";
import { didYouMean } from "../../shared/nearest-name.js";
import type { InstallRecord } from "../model/record.js";

/** How the components were asked for: a list, all of them, or the default (last install's, else all). */
export type ComponentChoice = { kind: "list"; ids: string[] } | { kind: "all" } | { kind: "default" };

export type ChosenComponents = { ok: true; ids: string[] } | { ok: false; problem: string };

/** Components installed exactly when every component of their `with` is chosen; never chosen themselves. */
export function jointComponents(manifest: Manifest): Map<string, string[]> {
  const joint = new Map<string, string[]>();
  for (const [id, c] of Object.entries(manifest.install.components)) if (c.with) joint.set(id, c.with);
  return joint;
}

/** The components a person can choose: every one that is not joint. */
export function choosableComponents(manifest: Manifest): string[] {
  const joint = jointComponents(manifest);
  return Object.keys(manifest.install.components).filter((id) => !joint.has(id));
}

export function requiredComponents(manifest: Manifest): string[] {
  const joint = jointComponents(manifest);
  return Object.entries(manifest.install.components)
    .filter(([id, c]) => c.required && !joint.has(id))
    .map(([id]) => id);
}

/** The default selection: what the record says was installed (still offered), else everything. */
export function defaultComponents(manifest: Manifest, record: InstallRecord | undefined): string[] {
  const ids = choosableComponents(manifest);
  const previous = record?.components.filter((id) => ids.includes(id)) ?? [];
  return withJoint(manifest, previous.length > 0 ? withRequired(manifest, previous) : ids);
}

export function chooseComponents(
  manifest: Manifest,
  record: InstallRecord | undefined,
  choice: ComponentChoice,
): ChosenComponents {
  const ids = choosableComponents(manifest);
  if (choice.kind === "all") return { ok: true, ids: withJoint(manifest, ids) };
  if (choice.kind === "default") return { ok: true, ids: defaultComponents(manifest, record) };
  const joint = jointComponents(manifest);
  const named = choice.ids.find((id) => joint.has(id));
  if (named !== undefined)
    return {
      ok: false,
      problem: `${named} is installed with ${(joint.get(named) ?? []).join(" and ")}; choose those`,
    };
  const unknown = choice.ids.filter((id) => !ids.includes(id));
  if (unknown.length > 0)
    return {
      ok: false,
      problem: `unknown component${unknown.length > 1 ? "s" : ""} ${unknown.join(", ")}; ${didYouMean(unknown[0] ?? "", ids)}this bundle has ${ids.join(", ") || "none"}`,
    };
  return { ok: true, ids: withJoint(manifest, withRequired(manifest, choice.ids)) };
}

export function withRequired(manifest: Manifest, ids: string[]): string[] {
  return [...new Set([...ids, ...requiredComponents(manifest)])].sort();
}

/** The chosen components, sorted, with each joint component whose `with` are all chosen and no other. */
function withJoint(manifest: Manifest, chosen: string[]): string[] {
  const joint = jointComponents(manifest);
  const picked = new Set(chosen.filter((id) => !joint.has(id)));
  const added = [...joint].filter(([, needs]) => needs.every((id) => picked.has(id))).map(([id]) => id);
  return [...picked, ...added].sort();
}
