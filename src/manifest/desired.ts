import type { OwnedEntry } from "../compose/model.js";
import { isAtOrBelow } from "../shared/posix-path.js";
import { type ManifestLineOf, unlocatedLine } from "./manifest-line.js";
import {
  type AdoptLine,
  adoptLine,
  type ComposedLine,
  composedLine,
  hashLines,
  pairLine,
  type SymlinkLine,
  symlinkLine,
} from "./manifest-lines.js";
import type { Manifest } from "./manifest-model.js";

/** What the chosen components of a manifest want on disk: data only, bytes come from the bundle. */
export interface DesiredFile {
  path: string;
  component: string;
  /** file: replaced on every install; seed: written only when missing; keep: payload folder kept once it exists */
  role: "file" | "seed" | "keep";
  sha256: string;
  executable: boolean;
  /**
   * The hash of the project file the registry was imported from at this path, where the build now writes
   * something else (imported_hashes): a person's file still holding it is taken over on a first install with
   * --take-imported.
   */
  imported?: string;
}

export interface DesiredLink {
  /** where the link goes (the manifest's "link") */
  path: string;
  /** project path it points at */
  target: string;
  fallback: SymlinkLine["fallback"];
  component: string;
}

export interface OwnedDir {
  path: string;
  component: string;
  preserve: string[];
}

/** A shared project file the chosen components compose into, with all their entries (component order). */
export interface DesiredComposed {
  path: string;
  format: "json" | "toml";
  components: string[];
  entries: OwnedEntry[];
  /** The project's values as the registry was imported from them, where the build now composes others. */
  imported?: OwnedEntry[];
}

export interface Desired {
  components: string[];
  files: DesiredFile[];
  links: DesiredLink[];
  scaffold: { path: string; component: string }[];
  ownedDirs: OwnedDir[];
  removes: { path: string; component: string }[];
  /** payload folders that belong to the user once they exist */
  keepDirs: string[];
  /**
   * seed path → hashes of earlier shipped versions (seed_refresh_hashes): the bundle's word only, so never a
   * reason to replace or delete a file (only the record says what agentc wrote); a file there with one of
   * them that agentc's record does not show is a conflict naming the line
   */
  knownSeedHashes: Map<string, string[]>;
  /** names the manifest line behind a conflict the bundle asked for */
  manifestLine: ManifestLineOf;
  /** the chosen components' `composed` lines, in component order */
  composedLines: (ComposedLine & { component: string })[];
  /** the shared files to compose, filled from the fragments once they are read and verified */
  composed: DesiredComposed[];
  /** the homes of the chosen capability packages: files their hooks write there are run-time data */
  capabilityHomes: { path: string; component: string }[];
  /** files a person may have written that the chosen components compose into (adopt lines) */
  adopt: DesiredAdopt[];
}

/** How a component composes into a person's file; `body` (a block) is filled once the bundle is read. */
export interface DesiredAdopt {
  path: string;
  component: string;
  how: AdoptLine["how"];
  /** block: the text of the component's own file at `path`; import: the import line */
  body: string;
}

/**
 * The files of one payload folder: from payload_hashes when the bundle was packed with --payloads,
 * else listed from the bundle folder; undefined when the bundle does not carry the folder (then it
 * is neither written nor claimed).
 */
export type PayloadFiles = (
  dir: string,
) => { path: string; sha256: string; executable?: boolean }[] | undefined;

/** A desired state that asks for nothing (what uninstall plans against). */
export function emptyDesired(): Desired {
  return {
    components: [],
    files: [],
    links: [],
    scaffold: [],
    ownedDirs: [],
    removes: [],
    keepDirs: [],
    knownSeedHashes: new Map(),
    manifestLine: unlocatedLine,
    composedLines: [],
    composed: [],
    capabilityHomes: [],
    adopt: [],
  };
}

export function desiredState(manifest: Manifest, components: string[], payloadFiles: PayloadFiles): Desired {
  const install = manifest.install;
  const artifactHashes = hashLines(install.artifact_hashes ?? []);
  const seedHashes = hashLines(install.seed_hashes ?? []);
  const importedHashes = hashLines(install.imported_hashes ?? []);
  const desired: Desired = {
    ...emptyDesired(),
    components,
    knownSeedHashes: hashLines(install.seed_refresh_hashes ?? []),
  };
  const inOwnedDirs = artifactsInOwnedDirs(manifest, components, artifactHashes);
  for (const id of components) {
    const c = install.components[id];
    if (!c) continue;
    const executables = new Set(c.executables ?? []);
    const dirs = c.owned_dirs ?? [];
    for (const path of ownedPaths(c.owned_files ?? [], inOwnedDirs.get(id) ?? [])) {
      const imported = importedHashes.size > 0 ? firstHash(importedHashes, path) : undefined;
      desired.files.push({
        path,
        component: id,
        role: "file",
        sha256: firstHash(artifactHashes, path) ?? "",
        executable: executables.has(path),
        ...(imported ? { imported } : {}),
      });
    }
    for (const path of c.seeds ?? [])
      desired.files.push({
        path,
        component: id,
        role: "seed",
        sha256: firstHash(seedHashes, path) ?? "",
        executable: false,
      });
    for (const line of c.symlinks ?? []) {
      const link = symlinkLine(line);
      if (link)
        desired.links.push({ path: link.link, target: link.target, fallback: link.fallback, component: id });
    }
    for (const path of dirs) desired.ownedDirs.push({ path, component: id, preserve: c.preserve ?? [] });
    for (const path of c.scaffold_dirs ?? []) desired.scaffold.push({ path, component: id });
    for (const path of c.remove ?? []) desired.removes.push({ path, component: id });
    if (c.capability) desired.capabilityHomes.push({ path: c.capability.home, component: id });
    for (const line of c.adopt ?? []) {
      const adopt = adoptLine(line);
      if (adopt)
        desired.adopt.push({
          ...adopt,
          component: id,
          body: adopt.how.kind === "import" ? `${adopt.how.text}\n` : "",
        });
    }
    for (const line of c.composed ?? []) {
      const composed = composedLine(line);
      if (composed) desired.composedLines.push({ ...composed, component: id });
    }
  }
  addPayloads(desired, manifest, payloadFiles);
  desired.files = sharedCopiesOnce(desired.files, () => listedOwned(manifest, components));
  return desired;
}

/**
 * A component's owned files and the artifacts in its owned folders, each once, sorted. The folders'
 * artifacts alone usually are that already (a build's manifest lists them sorted): then no set and no
 * sort, for each of thousands of files.
 */
function ownedPaths(listed: readonly string[], inDirs: string[]): string[] {
  if (listed.length === 0 && strictlyAscending(inDirs)) return inDirs;
  return [...new Set([...listed, ...inDirs])].sort();
}

function strictlyAscending(items: readonly string[]): boolean {
  for (let i = 1; i < items.length; i++) if (!((items[i - 1] as string) < (items[i] as string))) return false;
  return true;
}

/**
 * One file that two chosen components install with the same bytes and mode is written once (a rule file one
 * client reads in another's folder: the build writes it for both, AGC028). It is recorded for the component
 * whose owned folder holds it, else for the first that lists it. Every other repeat stays (a seed, a second
 * folder copy, another mode), for the ownership check to refuse.
 */
function sharedCopiesOnce(files: DesiredFile[], listedOf: () => Set<string>): DesiredFile[] {
  // Most paths have one file: only the paths with copies are grouped, and without any the list stays.
  const first = new Map<string, DesiredFile>();
  let byPath: Map<string, DesiredFile[]> | undefined;
  for (const f of files) {
    const seen = first.get(f.path);
    if (seen === undefined) first.set(f.path, f);
    else {
      byPath ??= new Map();
      const copies = byPath.get(f.path);
      if (copies) copies.push(f);
      else byPath.set(f.path, [seen, f]);
    }
  }
  if (!byPath) return files;
  const listed = listedOf();
  const isListed = (f: DesiredFile) => listed.has(`${f.component}\0${f.path}`);
  const dropped = new Set<DesiredFile>();
  for (const copies of byPath.values()) {
    if (!isOneFile(copies, isListed)) continue;
    const kept = copies.find((f) => !isListed(f)) ?? copies[0];
    for (const f of copies) if (f !== kept) dropped.add(f);
  }
  return files.filter((f) => !dropped.has(f));
}

/** Copies of one path by different components, all plain files of one hash and mode, at most one of them in an owned folder. */
function isOneFile(copies: DesiredFile[], isListed: (f: DesiredFile) => boolean): boolean {
  const [first] = copies;
  if (!first || copies.length < 2) return false;
  const same = (f: DesiredFile) =>
    f.role === "file" && f.sha256 === first.sha256 && f.executable === first.executable;
  const components = new Set(copies.map((f) => f.component));
  return (
    copies.every(same) && components.size === copies.length && copies.filter((f) => !isListed(f)).length <= 1
  );
}

/** "component\0path" of every file a chosen component lists in its owned_files. */
function listedOwned(manifest: Manifest, components: string[]): Set<string> {
  return new Set(
    components.flatMap((id) =>
      (manifest.install.components[id]?.owned_files ?? []).map((path) => `${id}\0${path}`),
    ),
  );
}

function addPayloads(desired: Desired, manifest: Manifest, payloadFiles: PayloadFiles): void {
  const keep = (manifest.install.tool_payload_keep ?? []).map((l) => pairLine(l)?.[1] ?? "");
  desired.keepDirs.push(...keep.filter(Boolean));
  const isKept = (p: string): boolean => keep.some((k) => isAtOrBelow(p, k));
  for (const line of manifest.install.tool_payloads ?? []) {
    const [name, dir] = pairLine(line) ?? [];
    if (!name || !dir) continue;
    const component = `tool:${name}`;
    const files = payloadFiles(dir);
    if (!files) continue;
    // the payload_keep folders inside are the person's once they exist: preserved, never foreign
    const preserve = keep.filter((k) => k.startsWith(`${dir}/`)).map((k) => `${k.slice(dir.length + 1)}/**`);
    desired.ownedDirs.push({ path: dir, component, preserve });
    for (const f of files)
      desired.files.push({
        path: f.path,
        sha256: f.sha256,
        component,
        role: isKept(f.path) ? "keep" : "file",
        executable: f.executable === true,
      });
  }
}

/**
 * Per component, the hashed artifacts below one of its owned folders. One pass over the artifacts; the
 * owners of a path's parent folders are looked up once per folder (a path's folders are the prefixes
 * ending at each of its slashes, all within the text up to its last slash): a component owning one folder
 * per rule (10,000 of them) costs a few lookups per folder, not 10,000 comparisons per artifact.
 */
function artifactsInOwnedDirs(
  manifest: Manifest,
  components: readonly string[],
  artifactHashes: Map<string, string[]>,
): Map<string, string[]> {
  const owners = new Map<string, string[]>();
  for (const id of components)
    for (const dir of manifest.install.components[id]?.owned_dirs ?? [])
      owners.set(dir, [...(owners.get(dir) ?? []), id]);
  const found = new Map<string, string[]>();
  if (owners.size === 0) return found;
  const ownersAbove = new Map<string, string[]>();
  // Sorted artifacts come folder by folder: the folder of the last one is tried first, without a look-up.
  let lastFolders = "";
  let lastIds: string[] = [];
  for (const path of manifest.artifacts) {
    if (firstHash(artifactHashes, path) === undefined) continue;
    let ids: string[] | undefined;
    if (lastFolders !== "" && path.startsWith(lastFolders) && !path.includes("/", lastFolders.length))
      ids = lastIds;
    else {
      const folders = path.slice(0, path.lastIndexOf("/") + 1);
      ids = ownersAbove.get(folders);
      if (!ids) {
        ids = ownersOfFolders(folders, owners);
        ownersAbove.set(folders, ids);
      }
      lastFolders = folders;
      lastIds = ids;
    }
    for (const id of ids) {
      const list = found.get(id);
      if (list) list.push(path);
      else found.set(id, [path]);
    }
  }
  return found;
}

/** The owners of each folder `path` names before one of its slashes, each once. */
function ownersOfFolders(path: string, owners: Map<string, string[]>): string[] {
  // A list, not a Set: a path has a few owners at most, and most have none.
  const ids: string[] = [];
  for (let at = path.indexOf("/"); at > 0; at = path.indexOf("/", at + 1))
    for (const id of owners.get(path.slice(0, at)) ?? []) if (!ids.includes(id)) ids.push(id);
  return ids;
}

/** The first hash a hash list gives `path`, undefined when none (or an empty one) does. */
function firstHash(hashes: Map<string, string[]>, path: string): string | undefined {
  return hashes.get(path)?.[0] || undefined;
}
