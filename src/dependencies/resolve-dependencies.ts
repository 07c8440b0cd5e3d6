import { basename, join } from "node:path";
import { diagnostic } from "../diagnostics/check-meta.js";
import type { Diagnostic, Position } from "../diagnostics/diagnostic.js";
import type { JsonDocument } from "../documents/json-document.js";
import { AgentcError } from "../shared/agentc-error.js";
import { dependenciesResolve } from "./checks/dependencies-resolve.js";
import { readStoredContent, type StoredContent, storeContent } from "./content-store.js";
import { type DependencyDeclaration, refOf } from "./declaration.js";
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
  const inputs: DependencyInput[] = [];
  const entries: LockEntry[] = [];
  for (const [index, declaration] of enabled) {
    const entry = locked.find((e) => entryMatches(e, declaration));
    const resolved = await resolveOne(
      declaration,
      index,
      refreshes(options, declaration) ? undefined : entry,
      context,
    );
    if (!resolved) {
      if (entry) entries.push(entry);
      continue;
    }
    entries.push(resolved.entry);
    inputs.push(inputOf(declaration, resolved.entry, resolved.stored));
  }
  const text = lockText({ lock_version: 1, registry, dependencies: entries });
  const before = read.lock ? lockText(read.lock) : entries.length === 0 ? text : "";
  const lockChanged = text !== before;
  if (lockChanged && options.frozen) reportRemoved(locked, declarations, context);
  return {
    inputs,
    lockText: text,
    lockChanged: lockChanged && !options.frozen,
    diagnostics: context.diagnostics,
  };
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
  index: number,
  entry: LockEntry | undefined,
  context: Context,
): Promise<{ entry: LockEntry; stored: StoredContent } | undefined> {
  const at = context.document.positionOf(["dependencies", index]);
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

function reportRemoved(
  locked: readonly LockEntry[],
  declarations: readonly DependencyDeclaration[],
  context: Context,
): void {
  const declared = new Set(declarations.filter((d) => d.enabled !== false).map((d) => d.name));
  for (const entry of locked.filter((e) => !declared.has(e.name)))
    context.diagnostics.push(
      problem(
        { file: lockFileName, line: 1, column: 1 },
        `${lockFileName} pins "${entry.name}", which sources.json no longer declares; --frozen does not remove it`,
        "Run 'agentc lock' and commit agentc.lock.",
      ),
    );
}

function inputOf(
  declaration: DependencyDeclaration,
  entry: LockEntry,
  stored: StoredContent,
): DependencyInput {
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
  };
}

function problem(position: Position, message: string, hint: string, severity?: "warning"): Diagnostic {
  return diagnostic(dependenciesResolve, { position, message, hint, ...(severity ? { severity } : {}) });
}
