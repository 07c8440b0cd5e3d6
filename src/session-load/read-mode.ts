import type { ClientReads, ReadModes } from "../clients/model.js";
import { parseJson } from "../shared/nesting-limit.js";
import type { ProjectTree } from "./project-tree.js";

/** The value of a pack's read-model switch in force, and the settings file that set it (none: the default). */
export interface ReadMode {
  value: string;
  file?: string;
}

/** The prefix of a settings file in the person's home folder rather than in the project. */
const homePrefix = "~/";

/**
 * Which value of the read model's switch holds for `tree`, with the person's home folder `home` when it is
 * known (a build has none: the default). The first settings file that sets a value decides; a value the
 * switch does not know reads as the default, as the client reads it.
 */
export function readMode(modes: ReadModes | undefined, tree: ProjectTree, home?: ProjectTree): ReadMode {
  if (!modes) return { value: "" };
  for (const file of modes.setting.files) {
    const at = file.startsWith(homePrefix) ? home : tree;
    const text = at?.text(file.startsWith(homePrefix) ? file.slice(homePrefix.length) : file);
    const value = text === undefined ? undefined : settingValue(text, modes.setting.keys);
    if (value === undefined) continue;
    return Object.hasOwn(modes.values, value) ? { value, file } : { value: modes.default, file };
  }
  return { value: modes.default };
}

/**
 * The values of the switch in project files where the client does not read it (`ignored_files`): each
 * changes nothing, which people do not expect.
 */
export function ignoredSettings(
  modes: ReadModes | undefined,
  tree: ProjectTree,
): { value: string; file: string }[] {
  return (modes?.setting.ignored_files ?? []).flatMap((file) => {
    const text = tree.text(file);
    const value = text === undefined ? undefined : settingValue(text, modes?.setting.keys ?? []);
    return value === undefined ? [] : [{ value, file }];
  });
}

/** The read model for one value of its switch: the parts that value names replaced. */
export function readsInMode(reads: ClientReads, mode: ReadMode): ClientReads {
  const parts =
    reads.modes && Object.hasOwn(reads.modes.values, mode.value) ? reads.modes.values[mode.value] : undefined;
  return parts ? { ...reads, ...parts } : reads;
}

function settingValue(text: string, keys: readonly string[][]): string | undefined {
  let document: unknown;
  try {
    document = parseJson(text);
  } catch {
    return undefined;
  }
  for (const key of keys) {
    const value = key.reduce<unknown>(
      (node, part) =>
        typeof node === "object" && node !== null && !Array.isArray(node)
          ? (node as Record<string, unknown>)[part]
          : undefined,
      document,
    );
    if (typeof value === "string") return value;
  }
  return undefined;
}
