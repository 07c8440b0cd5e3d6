import {
  alwaysLoadedFiles,
  characterCount,
  defaultAlwaysLoadedLimit,
} from "../checks/clients/always-loaded-within-limit.js";
import {
  adapterBudgetProfiles,
  budgetProfiles,
  countLinesOfBytes,
  countWords,
} from "../checks/output/budget-respected.js";
import { contribution, rosterFiles } from "../checks/output/roster-budget-respected.js";
import type { EmittedFile, EmittedTree } from "../emit/emitted-tree.js";
import type { Registry } from "../registry/model.js";
import type { SiteBudgets } from "./site-model.js";

/** The budgets as the budget checks (AGC026, AGC027, AGC090) measure them, with the values they compare. */
export function siteBudgets(
  registry: Registry,
  tree: EmittedTree,
  files: readonly EmittedFile[],
): SiteBudgets {
  const roster = rosterBudget(registry, files);
  return {
    files: alwaysOnBudgets(registry, files),
    alwaysLoaded: registry.clients.map((client) => {
      const loaded = alwaysLoadedFiles(registry, client, tree).map((file) => ({
        path: file.path,
        characters: characterCount(file),
      }));
      const total = loaded.reduce((sum, f) => sum + f.characters, 0);
      const limit = client.pack.always_loaded_limit ?? defaultAlwaysLoadedLimit;
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
    const limits = budgetProfiles[profile];
    const lines = { value: countLinesOfBytes(file.bytes), limit: limits.maxLines };
    const words = Number.isFinite(limits.maxWordsExclusive)
      ? {
          words: {
            value: countWords(file.bytes.toString("utf8")),
            limit: limits.maxWordsExclusive,
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
