import type { Diagnostic, Position } from "../diagnostics/diagnostic.js";
import type { CapabilityMatrix } from "../emit/matrix/capability-matrix.js";
import type { Enforcement, PromiseKind } from "../packs/shared/capability.js";

/**
 * The data the registry page shows, embedded in index.html as JSON: every part comes from what the
 * compiler already computed (registry, emitted tree, manifest, diagnostics). assets/site/page.js reads
 * exactly this shape; `format` changes when a field changes meaning.
 */
export interface SiteData {
  format: 1;
  title: string;
  registryVersion: string;
  agentcVersion: string;
  /** Prefix of a check's documentation: the page links `${checkDocs}${id}.md`. */
  checkDocs: string;
  /** The matrix's levels, strongest first: a new level is one more entry, the page needs no change. */
  states: SiteState[];
  kinds: { id: PromiseKind; title: string }[];
  clients: SiteNamed[];
  adapters: SiteNamed[];
  sources: { name: string; kind: string; path: string; url?: string }[];
  rules: SiteRule[];
  dropped: SiteDroppedRule[];
  components: SiteComponent[];
  matrix: CapabilityMatrix;
  budgets: SiteBudgets;
  capabilities: SiteCapability[];
  /** The build's diagnostics; `hint` only where it is not the check's own (SiteData.checks). */
  diagnostics: SiteDiagnostic[];
  /** Title, slug and fix hint of every check a diagnostic of this page names. */
  checks: Record<string, { slug: string; title: string; hint: string }>;
}

export type SiteDiagnostic = Omit<Diagnostic, "hint"> & { hint?: string };

/** How the page colours a level: data, so that a new level only needs a tone. */
export type StateTone = "good" | "fair" | "warn" | "bad" | "neutral";

export interface SiteState {
  id: Enforcement;
  meaning: string;
  tone: StateTone;
}

export interface SiteNamed {
  id: string;
  name: string;
}

/** Where a rule's text lands: a component (adapter or client pack id) and the install path. */
export interface SiteWrite {
  component: string;
  path: string;
  role: string;
}

export interface SiteRule {
  slug: string;
  title: string;
  /** "source" for a rule of sources.json, "core" for a rule of core/rules/ (compiled by client packs). */
  origin: "source" | "core";
  /** The source's name ("core" for core rules) and kind. */
  source: string;
  kind: string;
  /** A source rule whose source names its adapters (sources.json `adapters`): only those write it. */
  adapters?: string[];
  position: Position;
  scope: string;
  globs: string[];
  trigger?: string;
  description?: string;
  writes: SiteWrite[];
  /** Indexes into SiteData.diagnostics of the diagnostics at this rule's heading or fields. */
  notes: number[];
}

export interface SiteDroppedRule {
  slug: string;
  source: string;
  kind: string;
  position: Position;
  reason: "source-priority" | "source-order" | "supersedes" | "skip_globs";
  /** The winning or superseding rule, for the first three reasons. */
  by?: { slug: string; source: string; position: Position };
  /** Adapters whose skip_globs cover all the rule's globs. */
  adapters?: string[];
  why: string;
  check: string;
}

export interface SiteComponent {
  id: string;
  name: string;
  required: boolean;
  /** A joint component is installed exactly when all these are chosen. */
  with?: string[];
  files: { path: string; sha256: string; role: string; executable: boolean }[];
  links: { path: string; target: string; fallback: string }[];
  composed: { path: string; format: string; fragment: string }[];
  ownedDirs: string[];
}

/** A measured value against its limit; `exclusive` when the value must stay under the limit. */
export interface SiteMeasure {
  value: number;
  limit: number;
  exclusive?: boolean;
}

export interface SiteBudgets {
  /** Every always-on file of a rule adapter with a budget profile. */
  files: { path: string; component: string; profile: string; lines: SiteMeasure; words?: SiteMeasure }[];
  /** Per client pack: what it loads into every session. */
  alwaysLoaded: { client: string; characters: SiteMeasure; files: { path: string; characters: number }[] }[];
  roster?: {
    glob: string;
    owned: SiteMeasure;
    /** Words reserved for skills other tools install; measured per project by install and status. */
    vendorReserve: number;
    skills: { path: string; words: number }[];
  };
}

export interface SiteCapability {
  id: string;
  component: string;
  version: string;
  layer: string;
  description: string;
  home: string;
  hooks: { event: string; required: boolean; command: string }[];
  environment: string[];
  requires: { what: string; why: string; install?: string }[];
  skills: string[];
  agents: string[];
  commands: string[];
}
