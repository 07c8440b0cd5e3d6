import {
  alwaysLoadedByClient,
  alwaysLoadedWithinLimit,
} from "../../checks/clients/always-loaded-within-limit.js";
import { adapterBudgetProfiles, budgetRespected } from "../../checks/output/budget-respected.js";
import { diagnostic } from "../../diagnostics/check-meta.js";
import type { Diagnostic, Position } from "../../diagnostics/diagnostic.js";
import type { EmittedTree } from "../../emit/emitted-tree.js";
import type { CompileResult } from "../../pipeline/compile.js";
import {
  alwaysLoadedLimit,
  type BudgetProfile,
  importedReason,
  profileLimits,
} from "../../registry/budgets.js";
import type { Budgets, ProfileBudget, Registry } from "../../registry/model.js";
import { countLinesOfBytes, countWords } from "../../shared/text-budget.js";

const backUnder =
  "To get back under the seed's budget: give always-on rules a glob or a description (scoped, model_decision: loaded only when they apply), move detail into skills, or cut text";

/** The largest always-on file of one budget profile, as the build writes it. */
interface Largest {
  path: string;
  lines: number;
  words: number;
}

/**
 * The budgets the imported registry needs where its build is over the seed's (AGC026, AGC090 errors):
 * the measured size of each profile and each client, with the reason "imported as is", and a warning for
 * each saying how to get back under. Undefined when the build is within the seed's budgets.
 */
export function importedBudgets(
  compiled: CompileResult,
  at: Position,
): { budgets: Budgets; diagnostics: Diagnostic[] } | undefined {
  const { registry, tree } = compiled;
  const over = (id: string) => compiled.diagnostics.some((d) => d.id === id && d.severity === "error");
  if (!registry || !tree || !(over(budgetRespected.id) || over(alwaysLoadedWithinLimit.id))) return undefined;
  const budgets: Budgets = {};
  const diagnostics: Diagnostic[] = [];
  for (const [profile, largest] of largestFiles(registry, tree)) {
    const own = profileBudget(profile, largest);
    if (!own) continue;
    budgets[profile] = own;
    diagnostics.push(profileWarning(profile, largest, at));
  }
  for (const [client, { total }] of alwaysLoadedByClient(registry, tree)) {
    const pack = registry.clients.find((c) => c.pack.client === client)?.pack;
    if (!pack || total <= alwaysLoadedLimit(registry.targets, pack).value) continue;
    budgets.always_loaded = {
      ...budgets.always_loaded,
      [client]: { characters: total, reason: importedReason },
    };
    diagnostics.push(alwaysLoadedWarning(client, pack.name, total, alwaysLoadedLimit({}, pack).value, at));
  }
  return Object.keys(budgets).length > 0 ? { budgets, diagnostics } : undefined;
}

/** Per budget profile, its largest always-on and scoped file: most lines, and most words. */
function largestFiles(registry: Registry, tree: EmittedTree): Map<BudgetProfile, Largest> {
  const profiles = adapterBudgetProfiles(registry);
  const largest = new Map<BudgetProfile, Largest>();
  for (const file of tree.files) {
    const profile =
      file.role === "always-on" || file.role === "scoped" ? profiles.get(file.component) : undefined;
    if (!profile) continue;
    const lines = countLinesOfBytes(file.bytes);
    const words = countWords(file.bytes.toString("utf8"));
    const known = largest.get(profile);
    largest.set(profile, {
      path: known && known.lines >= lines ? known.path : file.path,
      lines: Math.max(known?.lines ?? 0, lines),
      words: Math.max(known?.words ?? 0, words),
    });
  }
  return largest;
}

/** The limits the largest file exceeds, at its size; undefined when it fits the seed's profile. */
function profileBudget(profile: BudgetProfile, largest: Largest): ProfileBudget | undefined {
  const seed = profileLimits({}, profile);
  const lines = largest.lines > seed.lines.value ? { max_lines: largest.lines } : {};
  const words = largest.words > seed.words.value ? { max_words: largest.words } : {};
  if (Object.keys(lines).length + Object.keys(words).length === 0) return undefined;
  return { ...lines, ...words, reason: importedReason };
}

function profileWarning(profile: BudgetProfile, largest: Largest, at: Position): Diagnostic {
  const seed = profileLimits({}, profile);
  const seedWords = Number.isFinite(seed.words.value) ? ` and under ${seed.words.value + 1} words` : "";
  return diagnostic(budgetRespected, {
    position: at,
    severity: "warning",
    message: `as imported, ${largest.path} has ${largest.lines} lines and ${largest.words} words, over the seed's ${profile} budget (at most ${seed.lines.value} lines${seedWords} per file): targets.json budgets.${profile} keeps the project's size, "${importedReason}"`,
    hint: `${backUnder}; then lower budgets.${profile} in targets.json, or remove it.`,
  });
}

function alwaysLoadedWarning(
  client: string,
  name: string,
  total: number,
  seed: number,
  at: Position,
): Diagnostic {
  return diagnostic(alwaysLoadedWithinLimit, {
    position: at,
    severity: "warning",
    message: `as imported, ${client} (${name}) loads ${total} characters into every session, over its limit of ${seed}: targets.json budgets.always_loaded.${client} keeps the project's size, "${importedReason}"`,
    hint: `${backUnder}; then lower budgets.always_loaded.${client} in targets.json, or remove it.`,
  });
}
