import { withRuntimePlaceholders } from "../packs/shared/pack-text.js";
import type { ClientPack } from "./model.js";

/**
 * For each settings file of `packs`, the other places its client reads it from (a pack's
 * `also_reads.settings_files`: a folder of its own beside a file at the root), sorted.
 */
export function settingsPlaces(packs: readonly { pack: ClientPack }[]): Map<string, string[]> {
  const places = new Map<string, Set<string>>();
  for (const { pack } of packs) {
    for (const { file, as } of pack.also_reads?.settings_files ?? []) {
      const settings = withRuntimePlaceholders(pack, as);
      const known = places.get(settings) ?? new Set<string>();
      known.add(withRuntimePlaceholders(pack, file));
      places.set(settings, known);
    }
  }
  return new Map([...places].sort(byText).map(([file, others]) => [file, [...others].sort()]));
}

/**
 * Where install composes a settings file the project does not have: the one other place of it that is there
 * (`present` tells), so the values are not written twice or shadowed by that file; `several` when more than
 * one is there, and agentc cannot tell which the values belong in.
 */
export function placeThere(
  others: readonly string[],
  present: (path: string) => boolean,
): { place?: string; several?: string[] } {
  const there = others.filter(present);
  if (there.length === 1) return { place: there[0] as string };
  return there.length > 1 ? { several: there } : {};
}

function byText([a]: [string, unknown], [b]: [string, unknown]): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
