import type {
  ClientPack,
  ClientReads,
  InstructionRead,
  ItemFolders,
  ReadsInMode,
  RuleFolderRead,
} from "../clients/model.js";
import { sections } from "../packs/index.js";
import type { Section } from "../packs/section.js";
import { packPath } from "../packs/shared/placeholders.js";

/**
 * The pack's read model with its placeholders replaced. A pack without `reads` (a registry's own) is taken
 * to read exactly what it writes: its root instruction file, rules, skills, agents, commands, MCP and
 * settings files.
 */
export function readModel(pack: ClientPack): ClientReads {
  const path = (p: string) => packPath(p, pack.runtime_placeholders);
  const reads = pack.reads ?? writtenPlaces(pack);
  const folders = (items: ItemFolders): ItemFolders => ({
    ...items,
    dirs: items.dirs.map((d) => ({ ...d, dir: path(d.dir) })),
  });
  const instructions = (entries: InstructionRead[]): InstructionRead[] =>
    entries.map((entry) => ({
      ...entry,
      path: path(entry.path),
      ...(entry.unless ? { unless: entry.unless.map(path) } : {}),
    }));
  const rules = (list: RuleFolderRead[]) => list.map((rule) => ({ ...rule, dir: path(rule.dir) }));
  const mode = (parts: ReadsInMode): ReadsInMode => ({
    ...(parts.instructions ? { instructions: instructions(parts.instructions) } : {}),
    ...(parts.rules ? { rules: rules(parts.rules) } : {}),
  });
  return {
    ...reads,
    instructions: instructions(reads.instructions),
    rules: rules(reads.rules),
    ...(reads.modes
      ? {
          modes: {
            ...reads.modes,
            values: Object.fromEntries(Object.entries(reads.modes.values).map(([v, p]) => [v, mode(p)])),
          },
        }
      : {}),
    ...itemFolders((section) => folders(reads[section.key])),
    mcp: { ...reads.mcp, files: reads.mcp.files.map(path) },
    settings: reads.settings.map(path),
  };
}

function writtenPlaces(pack: ClientPack): ClientReads {
  const one = (dir: string | null, extension?: string): ItemFolders => ({
    dirs: dir === null ? [] : [{ dir, ...(extension ? { extension } : {}) }],
    same_name: "first",
  });
  return {
    instructions: pack.root_instruction_file ? [{ path: pack.root_instruction_file }] : [],
    loads_once: ["links"],
    rules:
      pack.rules_dir && pack.rule_file ? [writtenRules(pack, pack.rules_dir, pack.rule_file.extension)] : [],
    ...itemFolders((section) => {
      const { dir, extension } = section.written(pack);
      return one(dir, extension);
    }),
    mcp: { files: sectionFiles(pack, "mcp"), pick: "all" },
    settings: [
      ...new Set([pack.permissions?.file, ...sectionFiles(pack, "settings")].filter((f) => f !== undefined)),
    ],
  };
}

/**
 * A rule folder as the pack writes it: a file loads always when its frontmatter has the always_on mapping's
 * first literal value, or, when always_on writes no fields, none of the fields the other triggers write.
 */
function writtenRules(pack: ClientPack, dir: string, extension: string): RuleFolderRead {
  const map = pack.rule_triggers?.map ?? {};
  const always = Object.entries(map.always_on?.fields ?? {}).find(
    ([, v]) => typeof v !== "string" || !v.startsWith("{"),
  );
  if (always)
    return { dir, extension, always_when: [{ field: always[0], equals: always[1] as string | boolean }] };
  const conditions = new Set(
    Object.entries(map)
      .filter(([trigger]) => trigger !== "always_on")
      .flatMap(([, m]) => Object.keys(m?.fields ?? {})),
  );
  const tests = [...conditions].map((field) => ({ field, absent: true }));
  return { dir, extension, always_when: tests.length > 0 ? tests : "every-file" };
}

/** The item folders of the read model, one per item section that session-load lists by name. */
function itemFolders(
  folders: (loads: NonNullable<NonNullable<Section["items"]>["loads"]>) => ItemFolders,
): Pick<ClientReads, "skills" | "agents" | "commands"> {
  const entries = sections.flatMap((section) => {
    const loads = section.items?.loads;
    return loads ? [[loads.key, folders(loads)] as const] : [];
  });
  return Object.fromEntries(entries) as Pick<ClientReads, "skills" | "agents" | "commands">;
}

/** The files of the pack's sections that session-load lists with the MCP server lists or the settings files. */
function sectionFiles(pack: ClientPack, list: "mcp" | "settings"): string[] {
  return sections.flatMap((section) => {
    const settings = section.settings;
    if (settings?.loads?.list !== list) return [];
    const files = [settings.file(pack), ...(settings.alsoReadFiles?.(pack) ?? [])];
    return files.flatMap((file) => (file ? [file.file] : []));
  });
}
