import type { KeyPath, OwnedEntry } from "../compose/model.js";
import type { ComposedFile } from "../emit/emitted-tree.js";
import { pair } from "../shared/line-codec.js";

/** The build folder's folder of compose fragments: artifacts of the bundle, never installed as files. */
export const fragmentDir = ".agentc-compose";

/** One component's entries for one shared project file, as written into the build folder. */
export interface Fragment {
  /** Build-folder path: .agentc-compose/<component>/<project path>.json */
  path: string;
  /** The shared file in the project. */
  projectPath: string;
  component: string;
  format: ComposedFile["format"];
  entries: OwnedEntry[];
  /** The project's values as imported, where the core files they became were edited since (ComposedFile). */
  imported?: OwnedEntry[];
  bytes: Buffer;
}

const byCodePoint = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

export function fragmentPath(component: string, projectPath: string): string {
  return `${fragmentDir}/${component}/${projectPath}.json`;
}

/** The manifest line of a fragment: "<project path> :: <format> :: <fragment path>". */
export function composedLine(fragment: Pick<Fragment, "projectPath" | "format" | "path">): string {
  return pair(fragment.projectPath, fragment.format, fragment.path);
}

/**
 * One fragment per component and project path (entries of several ComposedFile values for the same pair
 * are concatenated in emit order; the first one's format counts), sorted by fragment path.
 */
export function composeFragments(composed: readonly ComposedFile[]): Fragment[] {
  const grouped = new Map<string, ComposedFile>();
  for (const file of composed) {
    const key = fragmentPath(file.component, file.path);
    const seen = grouped.get(key);
    if (!seen) grouped.set(key, file);
    else {
      const imported = [...(seen.imported ?? []), ...(file.imported ?? [])];
      grouped.set(key, {
        ...seen,
        entries: [...seen.entries, ...file.entries],
        ...(imported.length > 0 ? { imported } : {}),
      });
    }
  }
  return [...grouped]
    .sort(([a], [b]) => byCodePoint(a, b))
    .map(([path, file]) => ({
      path,
      projectPath: file.path,
      component: file.component,
      format: file.format,
      entries: file.entries,
      ...(file.imported ? { imported: file.imported } : {}),
      bytes: Buffer.from(fragmentText(file.format, file.path, file.entries, file.imported)),
    }));
}

/**
 * Canonical text: fixed key order (format, path, entries, then imported when there are such values; in an
 * entry path, element, value), two-space indent, trailing newline. Entry order and the key order inside
 * values are kept: they decide where and how the values appear in the person's file.
 */
export function fragmentText(
  format: string,
  path: string,
  entries: readonly OwnedEntry[],
  imported: readonly OwnedEntry[] = [],
): string {
  const body = {
    format,
    path,
    entries: entries.map(entryJson),
    ...(imported.length > 0 ? { imported: imported.map(entryJson) } : {}),
  };
  return `${JSON.stringify(body, null, 2)}\n`;
}

function entryJson(e: OwnedEntry): object {
  return { path: e.path as KeyPath, ...(e.element ? { element: true } : {}), value: e.value };
}
