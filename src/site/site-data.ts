import { allChecks } from "../check-list/index.js";
import { checkDocsBase } from "../diagnostics/check-docs-url.js";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { type EmittedTree, uniqueFiles } from "../emit/emitted-tree.js";
import {
  capabilityMatrix,
  enforcementMeanings,
  levelsStrongestFirst,
  promiseKinds,
  promiseKindTitles,
} from "../emit/matrix/capability-matrix.js";
import type { Manifest } from "../manifest/manifest-model.js";
import type { Enforcement } from "../packs/shared/capability.js";
import type { Registry } from "../registry/model.js";
import { packageVersion } from "../shared/package-version.js";
import { siteBudgets } from "./site-budgets.js";
import { siteCapabilities } from "./site-capabilities.js";
import { siteComponents } from "./site-components.js";
import type { SiteData, SiteDiagnostic, StateTone } from "./site-model.js";
import { siteDropped, siteRules } from "./site-rules.js";

/** The page's colour for each level of the matrix; a new level of Enforcement needs one here. */
const stateTones: Record<Enforcement, StateTone> = {
  enforced: "good",
  partial: "fair",
  instruction: "warn",
  cannot: "bad",
};

export interface SiteInput {
  registry: Registry;
  tree: EmittedTree;
  manifest: Manifest;
  diagnostics: readonly Diagnostic[];
}

/** Pure: what the compiler computed → the page's data. */
export function siteData({ registry, tree, manifest, diagnostics }: SiteInput): SiteData {
  const files = uniqueFiles(tree.files);
  const clients = registry.clients.map(({ pack }) => ({ id: pack.client, name: pack.name }));
  const dropped = siteDropped(registry);
  return {
    format: 1,
    title: pageTitle(registry),
    registryVersion: manifest.registry_version,
    agentcVersion: packageVersion(),
    checkDocs: checkDocsBase(),
    states: levelsStrongestFirst.map((id) => ({
      id,
      meaning: enforcementMeanings[id],
      tone: stateTones[id],
    })),
    kinds: promiseKinds.map((id) => ({ id, title: promiseKindTitles[id] })),
    clients,
    adapters: registry.adapters.map(({ adapter }) => ({ id: adapter.id, name: adapter.name ?? adapter.id })),
    sources: registry.sources.sources.map(({ name, kind, path, url }) => ({
      name,
      kind,
      path,
      ...(url ? { url } : {}),
    })),
    rules: siteRules(registry, files, diagnostics),
    dropped,
    components: siteComponents(manifest),
    matrix: capabilityMatrix(
      tree.capabilities,
      clients.map((c) => c.id),
    ),
    budgets: siteBudgets(registry, tree, files),
    capabilities: siteCapabilities(registry, manifest),
    diagnostics: withOwnHints(diagnostics),
    checks: namedChecks([...diagnostics.map((d) => d.id), ...dropped.map((d) => d.check)]),
  };
}

function pageTitle(registry: Registry): string {
  const name = registry.targets.plugin?.name;
  return typeof name === "string" && name.trim() !== "" ? name : "agentc registry";
}

function namedChecks(ids: readonly string[]): SiteData["checks"] {
  const wanted = new Set(ids);
  return Object.fromEntries(
    allChecks
      .filter((c) => wanted.has(c.id))
      .map((c) => [c.id, { slug: c.slug, title: c.title, hint: c.hint }]),
  );
}

/** A diagnostic keeps its hint only when it differs from its check's: 8,000 copies of one hint weigh 1 MB. */
function withOwnHints(diagnostics: readonly Diagnostic[]): SiteDiagnostic[] {
  const hints = new Map(allChecks.map((c) => [c.id, c.hint]));
  return diagnostics.map((d) => {
    const { hint, ...rest } = d;
    return hint === hints.get(d.id) ? rest : d;
  });
}
