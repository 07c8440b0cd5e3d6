import { alwaysLoadedByClient, size } from "../checks/clients/always-loaded-within-limit.js";
import { adapterBudgetProfiles, countLinesOfBytes, countWords } from "../checks/output/budget-respected.js";
import { contribution, rosterFiles } from "../checks/output/roster-budget-respected.js";
import type { EmittedFile, EmittedTree } from "../emit/emitted-tree.js";
import { alwaysLoadedLimit, profileLimits } from "../registry/budgets.js";
import type { Registry } from "../registry/model.js";
import type { SiteBudgets } from "./site-model.js";

/** The budgets as the budget checks (AGC026, AGC027, AGC090) measure them, with the values they compare. */
export function siteBudgets(
  registry: Registry,
  tree: EmittedTree,
  files: readonly EmittedFile[],
): SiteBudgets {
  const roster = rosterBudget(registry, files);
  const measured = alwaysLoadedByClient(registry, tree);
  return {
    files: alwaysOnBudgets(registry, files),
    alwaysLoaded: registry.clients.map((client) => {
      const texts = measured.get(client.pack.client)?.load.texts ?? [];
      const loaded = texts.map((text) => ({ path: text.path, characters: size(text) }));
      const total = loaded.reduce((sum, f) => sum + f.characters, 0);
      const limit = alwaysLoadedLimit(registry.targets, client.pack).value;
      return { client: client.pack.client, characters: { value: total, limit }, files: loaded };
    }),
    ...(roster ? { roster } : {}),
  };
}

function alwaysOnBudgets(registry: Registry, files: readonly EmittedFile[]): SiteBudgets["files"] {
  const profiles = adapterBudgetProfiles(registry);
  return files.flatMap((file) => {
    const profile = file.role === "always-on" ? profiles.get(file.component) : undefined;
    if (!profile) return [];
    const limits = profileLimits(registry.targets, profile);
    const lines = { value: countLinesOfBytes(file.bytes), limit: limits.lines.value };
    const words = Number.isFinite(limits.words.value)
      ? {
          words: {
            value: countWords(file.bytes.toString("utf8")),
            limit: limits.words.value + 1,
            exclusive: true,
          },
        }
      : {};
    return [{ path: file.path, component: file.component, profile, lines, ...words }];
  });
}

function rosterBudget(registry: Registry, files: readonly EmittedFile[]): SiteBudgets["roster"] {
  const budget = registry.targets.roster_budget;
  if (!budget?.roster_glob) return undefined;
  const skills = rosterFiles([...files], budget).map(contribution);
  return {
    glob: budget.roster_glob,
    owned: { value: skills.reduce((sum, s) => sum + s.words, 0), limit: budget.owned_words },
    vendorReserve: budget.vendor_reserve_words ?? 0,
    skills,
  };
}
