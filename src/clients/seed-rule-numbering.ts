import { packPath } from "../packs/shared/placeholders.js";
import type { FileMapping, RuleNumber } from "./model.js";
import type { Json } from "./seed-pack-model.js";

/** A two-character number prefix of a rule file name: "00-", "15-", "2N-" (N: any digit 1-9). */
const numberPrefix = /^([0-9][0-9N])-/;

/**
 * Seed 001's numbering scheme as its own fields state it, for a seed-shaped pack without
 * `rule_numbering` (its README keeps the table; the manifest names the files): every rule file the pack
 * ships into its rules folder (shared_core, shared_seed, core_paths, seed_paths) is a core layer that
 * loads for every task; a template it ships there, and each rules-folder pattern of project_owned_hint
 * ("2N-overlay-<name>.md"), is a layer that may be bound to paths. A concrete prefix an "N" prefix of the
 * same load covers is left out ("21-" under "2N-"). Undefined when the fields name no numbered file.
 */
export function seedRuleNumbering(seed: Json): RuleNumber[] | undefined {
  const placeholders = (seed.runtime_placeholders ?? {}) as Record<string, string>;
  const rulesDir = seed.pack_runtime_dir ?? seed.rules_dir;
  if (typeof rulesDir !== "string") return undefined;
  const dir = `${packPath(rulesDir, placeholders)}/`;
  const extension = String(((seed.rule_file ?? {}) as Json).extension ?? ".md");
  const inRules = (path: string) => {
    const at = packPath(path, placeholders);
    return at.startsWith(dir) && !at.slice(dir.length).includes("/") ? at.slice(dir.length) : undefined;
  };
  const rules: RuleNumber[] = [];
  const templates: RuleNumber[] = [];
  for (const [list, paths] of [
    ["shared_core", "core_paths"],
    ["shared_seed", "seed_paths"],
  ] as const) {
    const shipped = [
      ...((seed[list] ?? []) as FileMapping[]).map((m) => m.dst),
      ...((seed[paths] ?? []) as string[]),
    ];
    for (const name of shipped.flatMap((path) => inRules(String(path)) ?? [])) {
      if (name.endsWith(extension)) rules.push(...numbered(name, `core rule of ${list}`, "always"));
      else templates.push(...numbered(name, `template of ${list}`, "either"));
    }
  }
  const hinted = ((seed.project_owned_hint ?? []) as string[]).flatMap((hint) => {
    const [path = "", ...words] = hint.trim().split(/\s+/);
    const name = inRules(path);
    const layer = /\(([^)]+)\)/.exec(words.join(" "))?.[1] ?? "owned by the project";
    return name ? numbered(name, layer, "either") : [];
  });
  const scheme = uncovered([...rules, ...hinted, ...templates]);
  return scheme.length > 0 ? scheme : undefined;
}

function numbered(name: string, layer: string, load: RuleNumber["load"]): RuleNumber[] {
  const prefix = numberPrefix.exec(name)?.[1];
  return prefix ? [{ prefix: `${prefix}-`, layer, load }] : [];
}

/** One entry per prefix (the first: shipped rules, then the project's hints, then templates), sorted by prefix. */
function uncovered(found: RuleNumber[]): RuleNumber[] {
  const byPrefix = new Map<string, RuleNumber>();
  for (const n of found) if (!byPrefix.has(n.prefix)) byPrefix.set(n.prefix, n);
  const patterns = [...byPrefix.values()].filter((n) => n.prefix.includes("N"));
  const covered = (n: RuleNumber) =>
    !n.prefix.includes("N") &&
    patterns.some(
      (p) => p.load === n.load && new RegExp(`^${p.prefix.replaceAll("N", "[1-9]")}$`).test(n.prefix),
    );
  return [...byPrefix.values()]
    .filter((n) => !covered(n))
    .sort((a, b) => (a.prefix < b.prefix ? -1 : a.prefix > b.prefix ? 1 : 0));
}
