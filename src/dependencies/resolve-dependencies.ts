import { basename, join } from "node:path";
import { diagnostic } from "../diagnostics/check-meta.js";
import type { Diagnostic, Position } from "../diagnostics/diagnostic.js";
import type { JsonDocument } from "../documents/json-document.js";
import { AgentcError } from "../shared/agentc-error.js";
import { nearestName } from "../shared/nearest-name.js";
import { dependenciesResolve } from "./checks/dependencies-resolve.js";
import { readStoredContent, type StoredContent, storeContent } from "./content-store.js";
import { type DependencyDeclaration, providesOf, refOf, type TransitiveSetting } from "./declaration.js";
import { fetchDependency, type OciSources, pinDependency } from "./fetch-dependency.js";
import {
  entryFor,
  entryMatches,
  type LockEntry,
  type LockFile,
  lockFileName,
  lockText,
  readLockFile,
} from "./lock-file.js";
import { marketplaceElsewhere } from "./marketplace-plugin.js";
import type { DependencyInput } from "./model.js";

export interface ResolveOptions {
  /** The registry folder; agentc.lock lies in it. */
  root: string;
  /** The content-addressed cache of dependencies' files. */
  cacheDir: string;
  /** Use only the lock and the cache. */
  offline?: boolean;
  /** Check every locked ref upstream as well, and treat any change the lock would need as an error. */
  frozen?: boolean;
  /** Names resolved again from their declared ref, whatever the lock says ("all": every one). */
  refresh?: "all" | ReadonlySet<string>;
  /** How oci:// references are read (given by the front end). */
  oci?: OciSources;
  /** What the registry grants its dependencies' dependencies (sources.json `transitive_dependencies`). */
  transitive?: readonly TransitiveSetting[];
  /**
   * The dependencies an agentc registry in `folder` declares, read and checked as sources.json is (given by
   * the registry loader, which knows the schema); undefined when its sources.json is not valid, with what is
   * wrong with it in `problems`.
   */
  declaredIn?: (
    folder: string,
    label: string,
    problems: Diagnostic[],
  ) => { declarations: readonly DependencyDeclaration[]; document: JsonDocument } | undefined;
}

export interface ResolvedDependencies {
  inputs: DependencyInput[];
  /** The lock as it should be now. */
  lockText: string;
  /** agentc.lock on disk is not `lockText` (and there is something to lock). */
  lockChanged: boolean;
  diagnostics: Diagnostic[];
}

interface Context {
  options: ResolveOptions;
  document: JsonDocument;
  diagnostics: Diagnostic[];
}

/** The dependency folder of the cache below a registry's cache folder. */
export const dependencyCacheDir = (cacheDir: string): string => join(cacheDir, "dependencies");

/**
 * Every enabled dependency of sources.json, pinned by agentc.lock and read from the cache when the lock
 * speaks for it (no network), resolved from its ref otherwise. Problems are diagnostics of AGC191 at the
 * dependency's place in sources.json or in agentc.lock.
 */
export async function resolveDependencies(
  declarations: readonly DependencyDeclaration[],
  document: JsonDocument,
  options: ResolveOptions,
): Promise<ResolvedDependencies> {
  const context: Context = { options, document, diagnostics: [] };
  const lockPath = join(options.root, lockFileName);
  const read = readLockFile(lockPath);
  if (!read.ok) {
    const message = `${lockFileName} ${read.message}`;
    context.diagnostics.push(problem(read.position, message, "Delete agentc.lock and run 'agentc lock'."));
    return { inputs: [], lockText: "", lockChanged: false, diagnostics: context.diagnostics };
  }
  const registry = basename(options.root);
  const enabled = [...declarations.entries()].filter(([, d]) => d.enabled !== false);
  const locked = read.lock?.dependencies ?? [];
  if (read.lock && foreign(read.lock, registry, enabled)) {
    context.diagnostics.push(
      problem(
        { file: lockFileName, line: 1, column: 1 },
        `${lockFileName} was written for the registry "${read.lock.registry}": none of its entries is a dependency this registry declares`,
        "Delete agentc.lock (or copy in this registry's own) and run 'agentc lock'.",
      ),
    );
    return { inputs: [], lockText: "", lockChanged: false, diagnostics: context.diagnostics };
  }
  const walked = await walkDependencies(enabled, locked, context);
  const entries = walked.map((node) => node.entry).filter((e): e is LockEntry => e !== undefined);
  const inputs = walked.flatMap((node) =>
    node.stored && node.entry ? [inputOf(node, node.entry, node.stored)] : [],
  );
  const text = lockText({ lock_version: 1, registry, dependencies: entries });
  const before = read.lock ? lockText(read.lock) : entries.length === 0 ? text : "";
  const lockChanged = text !== before;
  if (lockChanged && options.frozen) reportRemoved(locked, walked, context);
  return {
    inputs,
    lockText: text,
    lockChanged: lockChanged && !options.frozen,
    diagnostics: context.diagnostics,
  };
}

/**
 * The declared dependencies, then theirs (breadth first, so the nearer declaration of an input is the one
 * used), each input once: a later declaration of the same input only records who requires it.
 */
async function walkDependencies(
  enabled: readonly [number, DependencyDeclaration][],
  locked: readonly LockEntry[],
  context: Context,
): Promise<GraphNode[]> {
  const queue: Wanted[] = enabled.map(([index, declaration]) => ({
    declaration,
    at: context.document.positionOf(["dependencies", index]),
    chain: [],
  }));
  const nodes: GraphNode[] = [];
  const byInput = new Map<string, GraphNode>();
  for (const wanted of queue) {
    const requirer = wanted.chain.at(-1);
    const key = inputKey(wanted.declaration);
    const known = requirer ? byInput.get(key) : undefined;
    if (requirer && (wanted.chain.some((n) => n.key === key) || known)) {
      joinKnown(wanted, requirer, known, context);
      continue;
    }
    const declaration = requirer
      ? transitiveDeclaration(wanted.declaration, requirer, context)
      : wanted.declaration;
    if (requirer && reachesThisMachine(declaration, requirer, wanted.at, context)) continue;
    if (!withinBounds(declaration, wanted, nodes.length, context)) continue;
    const entry = locked.find((e) => entryMatches(e, declaration));
    const resolved = await resolveOne(
      declaration,
      wanted.at,
      refreshes(context.options, declaration) ? undefined : entry,
      context,
    );
    const node: GraphNode = {
      key,
      at: wanted.at,
      declaration,
      depth: wanted.chain.length,
      requiredBy: requirer ? [requirer.declaration.name] : [],
      requires: [],
      ...(resolved ? { entry: resolved.entry, stored: resolved.stored } : entry ? { entry } : {}),
    };
    requirer?.requires.push(declaration.name);
    nodes.push(node);
    if (!byInput.has(key)) byInput.set(key, node);
    if (resolved) queue.push(...declaredBy(node, resolved.stored, wanted.chain, context));
  }
  reportUnknownGrants(nodes, context);
  return nodes.map((node) =>
    node.entry ? { ...node, entry: { ...node.entry, required_by: [...node.requiredBy].sort() } } : node,
  );
}

/** One dependency in the walk: its declaration (named as the lock names it), pin, content and neighbours. */
interface GraphNode {
  key: string;
  /** Where it is declared. */
  at: Position;
  declaration: DependencyDeclaration;
  depth: number;
  requiredBy: string[];
  requires: string[];
  entry?: LockEntry;
  stored?: StoredContent;
}

/** A declaration waiting in the walk, with the chain of dependencies that declared it (empty: the registry). */
interface Wanted {
  declaration: DependencyDeclaration;
  at: Position;
  chain: readonly GraphNode[];
}

/** At most this many levels of dependencies below the registry's own, and this many inputs in all. */
export const transitiveLimits = { depth: 8, inputs: 256 };

/** What makes two declarations the same input: all but the name, the version asked and the grants. */
const inputKey = (d: DependencyDeclaration): string =>
  JSON.stringify([d.kind, d.source, d.path ?? "", providesOf(d), d.plugin ?? "", d.npm_registry ?? ""]);

const chainText = (chain: readonly GraphNode[], last: string): string =>
  [...chain.map((n) => n.declaration.name), last].join(" → ");

/** A declaration of an input the walk has met: a cycle is an error, another requirer is recorded. */
function joinKnown(
  wanted: Wanted,
  requirer: GraphNode,
  known: GraphNode | undefined,
  context: Context,
): void {
  const cycle = wanted.chain.findIndex((n) => n.key === inputKey(wanted.declaration));
  if (cycle >= 0) {
    const loop = wanted.chain.slice(cycle);
    context.diagnostics.push(
      problem(
        wanted.at,
        `Dependency "${requirer.declaration.name}" declares "${wanted.declaration.name}", which is ${loop[0]?.declaration.name} again: a cycle ${chainText(loop, loop[0]?.declaration.name ?? "")}`,
        `Remove the dependency on "${wanted.declaration.name}" from ${wanted.at.file}: an input cannot require itself.`,
      ),
    );
    return;
  }
  if (!known) return;
  if (!known.requiredBy.includes(requirer.declaration.name)) known.requiredBy.push(requirer.declaration.name);
  if (!requirer.requires.includes(known.declaration.name)) requirer.requires.push(known.declaration.name);
  const asked = refOf(wanted.declaration);
  const used = refOf(known.declaration);
  if (asked !== used)
    context.diagnostics.push(
      problem(
        wanted.at,
        `Dependency "${requirer.declaration.name}" asks for ${wanted.declaration.source} at "${asked}", but the nearer declaration "${known.declaration.name}" at "${used}" is used: one version per input`,
        known.depth === 0
          ? "Nothing to do if the registry's own pin is the one wanted; otherwise change its ref."
          : `To choose the version, declare ${wanted.declaration.source} in the registry's own sources.json with the ref wanted.`,
        "info",
      ),
    );
}

function withinBounds(
  declaration: DependencyDeclaration,
  wanted: Wanted,
  count: number,
  context: Context,
): boolean {
  const deep = wanted.chain.length > transitiveLimits.depth;
  if (!deep && count < transitiveLimits.inputs) return true;
  context.diagnostics.push(
    problem(
      wanted.at,
      deep
        ? `Dependency "${declaration.name}" lies ${wanted.chain.length} levels below the registry (${chainText(wanted.chain, declaration.name)}); agentc follows at most ${transitiveLimits.depth}`
        : `Dependency "${declaration.name}" would be input ${count + 1}; a registry's dependencies and theirs are at most ${transitiveLimits.inputs}`,
      "Depend on fewer registries, or declare the inputs needed directly in the registry's own sources.json.",
    ),
  );
  return false;
}

/**
 * A dependency's dependency on a file:// repository, declared by one fetched from elsewhere: upstream
 * content would choose a folder of this machine to read into the build. Reported, and not followed.
 */
function reachesThisMachine(
  declaration: DependencyDeclaration,
  requirer: GraphNode,
  at: Position,
  context: Context,
): boolean {
  const local = (source: string) => /^file:/i.test(source);
  if (!local(declaration.source) || local(requirer.declaration.source)) return false;
  context.diagnostics.push(
    problem(
      at,
      `Dependency "${declaration.name}" is declared by "${requirer.declaration.name}" at ${declaration.source}, a repository of this machine, which a dependency fetched from elsewhere may not name`,
      "If that repository is wanted, declare it in the registry's own sources.json.",
    ),
  );
  return true;
}

/** A dependency's dependency, named below its requirer, with only what the registry itself grants it. */
function transitiveDeclaration(
  declared: DependencyDeclaration,
  requirer: GraphNode,
  context: Context,
): DependencyDeclaration {
  const name = `${requirer.declaration.name}/${declared.name}`;
  const { trusted, allow_permissions, ...rest } = declared;
  const granted = context.options.transitive?.find((t) => t.name === name);
  return {
    ...rest,
    name,
    ...(granted?.trusted ? { trusted: true } : {}),
    ...(granted?.allow_permissions ? { allow_permissions: true } : {}),
  };
}

/** A marketplace's plugin kept in another repository or an npm package: a dependency of the marketplace's. */
function pluginElsewhere(
  node: GraphNode,
  stored: StoredContent,
  chain: readonly GraphNode[],
  context: Context,
): Wanted[] {
  try {
    const declaration = marketplaceElsewhere(stored.files, node.declaration.plugin);
    return declaration ? [{ declaration, at: node.at, chain: [...chain, node] }] : [];
  } catch (error) {
    if (!(error instanceof AgentcError)) throw error;
    context.diagnostics.push(
      problem(node.at, `Dependency "${node.declaration.name}": ${error.message}`, error.hint),
    );
    return [];
  }
}

/** A `transitive_dependencies` entry that names no dependency of a dependency grants nothing: say so. */
function reportUnknownGrants(nodes: readonly GraphNode[], context: Context): void {
  const transitive = nodes.filter((n) => n.depth > 0).map((n) => n.declaration.name);
  for (const [index, grant] of (context.options.transitive ?? []).entries()) {
    if (transitive.includes(grant.name)) continue;
    const near = nearestName(grant.name, transitive);
    context.diagnostics.push(
      problem(
        context.document.positionOf(["transitive_dependencies", index, "name"]),
        `"transitive_dependencies" names "${grant.name}", which is no dependency of the registry's dependencies`,
        near
          ? `Did you mean "${near}"? agentc.lock lists each by that name.`
          : `They are: ${transitive.join(", ") || "none"} (agentc.lock lists each by that name).`,
        "warning",
      ),
    );
  }
}

/** The enabled dependencies an agentc registry dependency declares in its own sources.json. */
function declaredBy(
  node: GraphNode,
  stored: StoredContent,
  chain: readonly GraphNode[],
  context: Context,
): Wanted[] {
  if (node.declaration.kind === "marketplace") return pluginElsewhere(node, stored, chain, context);
  const read = context.options.declaredIn;
  if (!read || providesOf(node.declaration) !== "registry" || !stored.files.has("sources.json")) return [];
  const problems: Diagnostic[] = [];
  const found = read(stored.folder, `@${node.declaration.name}/sources.json`, problems);
  if (!found) {
    context.diagnostics.push(
      problem(
        context.document.positionOf([]),
        `The sources.json of dependency "${node.declaration.name}" is not valid, so its own dependencies are not followed`,
        "What is wrong with it follows; fix the dependency upstream or pin a version whose sources.json is valid.",
        "warning",
      ),
      ...problems.map((p) => ({ ...p, severity: "warning" as const })),
    );
    return [];
  }
  return [...found.declarations.entries()]
    .filter(([, d]) => d.enabled !== false)
    .map(([index, declaration]) => ({
      declaration,
      at: found.document.positionOf(["dependencies", index]),
      chain: [...chain, node],
    }));
}

const refreshes = (options: ResolveOptions, declaration: DependencyDeclaration): boolean =>
  options.refresh === "all" || (options.refresh?.has(declaration.name) ?? false);

/** A lock of another registry: its name differs and not one entry speaks for a declaration here. */
function foreign(lock: LockFile, registry: string, enabled: [number, DependencyDeclaration][]): boolean {
  return (
    lock.registry !== registry &&
    lock.dependencies.length > 0 &&
    !lock.dependencies.some((e) => enabled.some(([, d]) => entryMatches(e, d)))
  );
}

async function resolveOne(
  declaration: DependencyDeclaration,
  at: Position,
  entry: LockEntry | undefined,
  context: Context,
): Promise<{ entry: LockEntry; stored: StoredContent } | undefined> {
  try {
    if (entry) return await fromLock(declaration, entry, at, context);
    if (context.options.frozen) {
      context.diagnostics.push(
        problem(
          at,
          `Dependency "${declaration.name}" has no entry in ${lockFileName} that matches its declaration, and --frozen does not write one`,
          "Run 'agentc lock' and commit agentc.lock.",
        ),
      );
      return undefined;
    }
    if (context.options.offline)
      throw new AgentcError(
        "dependency",
        `it is not in ${lockFileName} yet, and --offline does not fetch it`,
        "Run 'agentc lock' with network access once; later builds read the cache.",
      );
    const pinned = await pinDependency(declaration, context.options.oci);
    return await fetchPinned(declaration, pinned, undefined, context);
  } catch (error) {
    if (!(error instanceof AgentcError)) throw error;
    context.diagnostics.push(problem(at, `Dependency "${declaration.name}": ${error.message}`, error.hint));
    return undefined;
  }
}

/** The locked content from the cache (fetched at the locked pin when absent); --frozen also checks the ref upstream. */
async function fromLock(
  declaration: DependencyDeclaration,
  entry: LockEntry,
  at: Position,
  context: Context,
): Promise<{ entry: LockEntry; stored: StoredContent }> {
  const { options } = context;
  const cacheDir = dependencyCacheDir(options.cacheDir);
  const cached = readStoredContent(cacheDir, entry.digest);
  if (options.frozen && !options.offline) await checkUpstream(declaration, entry, cached, at, context);
  if (cached) return { entry, stored: cached };
  if (options.offline)
    throw new AgentcError(
      "dependency",
      `${entry.digest} is not in the cache ${cacheDir}, and --offline does not fetch it`,
      "Run 'agentc lock' with network access once; later builds read the cache.",
    );
  try {
    return await fetchPinned(declaration, entry.resolved, entry, context);
  } catch (error) {
    if (!(error instanceof AgentcError) || !error.unreachable) throw error;
    throw new AgentcError(
      "dependency",
      `${error.message}; no cached copy of ${entry.digest} is in ${cacheDir}`,
      error.hint,
      { unreachable: true },
    );
  }
}

/** What the declared ref names upstream must still be the locked pin; an unreachable source is a warning. */
async function checkUpstream(
  declaration: DependencyDeclaration,
  entry: LockEntry,
  cached: StoredContent | undefined,
  at: Position,
  context: Context,
): Promise<void> {
  let now: string;
  try {
    now = await pinDependency(declaration, context.options.oci);
  } catch (error) {
    if (!(error instanceof AgentcError) || !error.unreachable || !cached) throw error;
    context.diagnostics.push(
      problem(
        at,
        `Dependency "${declaration.name}": ${error.message}; used the cached copy ${cached.folder} (${entry.resolved}) that ${lockFileName} pins`,
        "The build is the locked one; check upstream again when the source can be reached.",
        "warning",
      ),
    );
    return;
  }
  if (now !== entry.resolved)
    throw new AgentcError(
      "dependency",
      `"${refOf(declaration)}" now names ${now} upstream, but ${lockFileName} pins ${entry.resolved}`,
      `Review the change, then run 'agentc update ${declaration.name}' and commit agentc.lock.`,
    );
}

async function fetchPinned(
  declaration: DependencyDeclaration,
  pinned: string,
  locked: LockEntry | undefined,
  context: Context,
): Promise<{ entry: LockEntry; stored: StoredContent }> {
  const fetched = await fetchDependency(declaration, pinned, context.options.oci);
  const stored = storeContent(dependencyCacheDir(context.options.cacheDir), fetched);
  if (locked && stored.digest !== locked.digest)
    throw new AgentcError(
      "dependency",
      `the content at ${pinned} has the digest ${stored.digest}, but ${lockFileName} records ${locked.digest}`,
      `The source changed what ${pinned} holds. Check it; if it is right, run 'agentc update ${declaration.name}'.`,
    );
  return { entry: locked ?? entryFor(declaration, pinned, stored.digest, fetched.licence), stored };
}

/** Locked entries no declaration spoke for (those below a dependency that could not be read are unknown). */
function reportRemoved(locked: readonly LockEntry[], walked: readonly GraphNode[], context: Context): void {
  const declared = new Set(walked.map((n) => n.declaration.name));
  const unread = walked.filter((n) => !n.stored).map((n) => `${n.declaration.name}/`);
  const removed = locked.filter(
    (e) => !declared.has(e.name) && !unread.some((parent) => e.name.startsWith(parent)),
  );
  for (const entry of removed)
    context.diagnostics.push(
      problem(
        { file: lockFileName, line: 1, column: 1 },
        `${lockFileName} pins "${entry.name}", which ${entry.name.includes("/") ? "no dependency's sources.json declares any more" : "sources.json no longer declares"}; --frozen does not remove it`,
        "Run 'agentc lock' and commit agentc.lock.",
      ),
    );
}

function inputOf(node: GraphNode, entry: LockEntry, stored: StoredContent): DependencyInput {
  const { declaration } = node;
  const origin =
    declaration.kind === "npm"
      ? `${declaration.source}@${declaration.ref ?? "latest"}`
      : `${declaration.source}${declaration.path ? `#${declaration.path}` : ""}${declaration.plugin ? `#plugin=${declaration.plugin}` : ""}`;
  return {
    name: declaration.name,
    kind: declaration.kind,
    origin,
    version: entry.resolved,
    digest: entry.digest,
    ...(entry.licence !== undefined ? { licence: entry.licence } : {}),
    trusted: declaration.trusted === true,
    files: stored.files,
    executables: stored.executables,
    folder: stored.folder,
    priority: declaration.priority ?? "community",
    allowPermissions: declaration.allow_permissions === true,
    depth: node.depth,
    requiredBy: node.requiredBy,
    requires: node.requires,
  };
}

function problem(
  position: Position,
  message: string,
  hint: string,
  severity?: "warning" | "info",
): Diagnostic {
  return diagnostic(dependenciesResolve, { position, message, hint, ...(severity ? { severity } : {}) });
}
