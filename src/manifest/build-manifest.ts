import { posix } from "node:path";
import { componentId, jointComponentId } from "../capabilities/capability-slug.js";
import { emittedSha256 } from "../emit/emitted-sha256.js";
import { type EmittedFile, type EmittedTree, uniqueFiles } from "../emit/emitted-tree.js";
import { assistantComponentIds } from "../registry/assistants.js";
import { seedSets } from "../registry/install-files.js";
import type { Adapter, AdoptSpec, Registry, Tool } from "../registry/model.js";
import { sha256 } from "../shared/hash.js";
import { pair, pairSeparator, splitLine } from "../shared/line-codec.js";
import { joinPath } from "../shared/posix-path.js";
import {
  capabilityComponent,
  capabilityInstall,
  capabilityToolPurposes,
  capabilityTools,
  jointComponent,
} from "./capability-component.js";
import { composedLine, composeFragments, type Fragment } from "./compose-fragments.js";
import type { ComponentInstall, Manifest, ManifestInstall } from "./manifest-model.js";

const byCodePoint = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Unique and in code-point order; most lists arrive that way already (built from path-sorted files). A list
 * passed in may be returned itself: callers pass lists of their own.
 */
function sorted(list: Iterable<string>): string[] {
  const items = Array.isArray(list) ? (list as string[]) : [...list];
  if (strictlyAscending(items)) return items;
  return [...new Set(items)].sort(byCodePoint);
}

/** Two sorted, unique lists as one (the same as sorted([...a, ...b]), without sorting again). */
function merged(a: readonly string[], b: readonly string[]): string[] {
  const out: string[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const x = a[i] as string;
    const y = b[j] as string;
    if (x <= y) {
      out.push(x);
      i++;
      if (x === y) j++;
    } else {
      out.push(y);
      j++;
    }
  }
  while (i < a.length) out.push(a[i++] as string);
  while (j < b.length) out.push(b[j++] as string);
  return out;
}

function strictlyAscending(items: readonly string[]): boolean {
  for (let i = 1; i < items.length; i++) if (!((items[i - 1] as string) < (items[i] as string))) return false;
  return true;
}

/** Derives manifest.json from the emitted tree; the tree must be free of path collisions. */
export function buildManifest(registry: Registry, tree: EmittedTree): Manifest {
  const unique = uniqueFiles(tree.files);
  const owned = unique.filter((f) => f.role !== "seed");
  const seeds = unique.filter((f) => f.role === "seed");
  const fragments = composeFragments(tree.composed);
  const builtHashes = sorted([...owned, ...fragments].map(hashLine));
  const artifactHashes = tree.sbom ? sorted([...builtHashes, hashLine(tree.sbom)]) : builtHashes;
  const seedHashes = sorted(seeds.map(hashLine));
  const componentMap = components(registry, tree.files, fragments);
  const install: ManifestInstall = {
    ...(registry.targets.bundle_url ? { bundle: registry.targets.bundle_url } : {}),
    components: componentMap,
    artifact_hashes: artifactHashes,
    seed_hashes: seedHashes,
    seed_refresh_hashes: sorted(seedRefreshHashes(registry)),
    ...importedHashes(registry, owned),
    ...toolLists(registry),
    ...rosterBudget(registry),
    publish_rewrites: (registry.targets.publish_rewrites ?? []).map(([from, to]) => pair(from, to)),
    ...defaultComponents(registry, componentMap),
  };
  return {
    version: 1,
    artifacts: sorted([...unique, ...fragments, ...(tree.sbom ? [tree.sbom] : [])].map((f) => f.path)),
    install,
    registry_version: registry.targets.registry_version ?? derivedVersion(builtHashes, seedHashes),
  };
}

/**
 * The registry_version the manifest of `tree` will carry, before its SBOM is made (the SBOM names it, so
 * the derived version leaves the SBOM out).
 */
export function registryVersion(registry: Registry, tree: EmittedTree): string {
  if (registry.targets.registry_version) return registry.targets.registry_version;
  const unique = uniqueFiles(tree.files);
  const owned = unique.filter((f) => f.role !== "seed").map(hashLine);
  const fragments = composeFragments(tree.composed).map(hashLine);
  return derivedVersion(
    sorted([...owned, ...fragments]),
    sorted(unique.filter((f) => f.role === "seed").map(hashLine)),
  );
}

/**
 * With targets.json "assistants": the components a first install takes without being told, those of
 * the chosen assistants and every one that is no built-in (the registry's own adapters and packs,
 * capability packages); joint components follow the ones they are installed with.
 */
function defaultComponents(
  registry: Registry,
  componentMap: Record<string, ComponentInstall>,
): Pick<ManifestInstall, "default_components"> {
  if (!registry.targets.assistants) return {};
  const served = assistantComponentIds(registry.targets.assistants);
  const builtin = new Set([
    ...registry.adapters.filter((a) => a.origin.builtin).map((a) => a.adapter.id),
    ...registry.clients.filter((c) => c.origin === "builtin").map((c) => c.pack.client),
  ]);
  const ids = Object.entries(componentMap)
    .filter(([id, c]) => !c.with && (!builtin.has(id) || served.has(id)))
    .map(([id]) => id);
  return { default_components: sorted(ids) };
}

/**
 * The project files of the registry's native copies that the build no longer writes as they were, each with
 * the hash of the copy's bytes: what a person's file still as imported holds.
 */
function importedHashes(
  registry: Registry,
  owned: readonly EmittedFile[],
): Pick<ManifestInstall, "imported_hashes"> {
  const copies = new Map<string, Buffer>();
  for (const copy of registry.natives ?? [])
    if (!copy.current) for (const file of copy.files) copies.set(file.path, file.bytes);
  if (copies.size === 0) return {};
  const lines = owned.flatMap((f) => {
    const bytes = copies.get(f.path);
    return bytes && !bytes.equals(f.bytes) ? [pair(f.path, sha256(bytes))] : [];
  });
  return lines.length > 0 ? { imported_hashes: sorted(lines) } : {};
}

/** "<path> :: <sha256 of the bytes>" */
function hashLine(file: { path: string; bytes: Buffer }): string {
  return pair(file.path, emittedSha256(file.bytes));
}

/** From the hash lines of every file, artifacts and seeds together in code-point order. */
function derivedVersion(artifactHashes: string[], seedHashes: string[]): string {
  return `0.0.0+${sha256(merged(artifactHashes, seedHashes).join("\n")).slice(0, 12)}`;
}

function components(
  registry: Registry,
  files: EmittedFile[],
  fragments: Fragment[],
): Record<string, ComponentInstall> {
  const out: Record<string, ComponentInstall> = {};
  const adapters = [...registry.adapters].sort((a, b) => byCodePoint(a.adapter.id, b.adapter.id));
  const byComponent = new Map<string, EmittedFile[]>();
  for (const f of files) {
    const group = byComponent.get(f.component);
    if (group) group.push(f);
    else byComponent.set(f.component, [f]);
  }
  const withComposed = (id: string, base: ComponentInstall): ComponentInstall => ({
    ...base,
    composed: sorted(fragments.filter((f) => f.component === id).map(composedLine)),
  });
  for (const { adapter } of adapters) {
    out[adapter.id] = withComposed(adapter.id, component(adapter, byComponent.get(adapter.id) ?? []));
  }
  for (const { pack } of registry.clients) {
    if (out[pack.client]) continue;
    const files = byComponent.get(pack.client) ?? [];
    out[pack.client] = withComposed(pack.client, component({ id: pack.client, name: pack.name }, files));
  }
  for (const pkg of registry.capabilities) {
    const id = componentId(pkg.slug);
    const base = capabilityComponent(pkg, byComponent.get(id) ?? []);
    out[id] = { ...withComposed(id, base), capability: capabilityInstall(pkg) };
    for (const { pack } of registry.clients) {
      const joint = jointComponentId(pkg.slug, pack.client);
      const jointFiles = byComponent.get(joint);
      if (jointFiles) out[joint] = jointComponent(pkg, pack, jointFiles);
    }
  }
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => byCodePoint(a, b)));
}

function component(adapter: Adapter, files: EmittedFile[]): ComponentInstall {
  const dirs = ownedDirs(adapter, files);
  const inOwnedDir = underAny(new Set(dirs));
  const ownedFiles = files.filter((f) => f.role !== "seed" && !inOwnedDir(f.path));
  const install = adapter.install ?? {};
  return {
    owned_dirs: dirs,
    owned_files: sorted(ownedFiles.map((f) => f.path)),
    symlinks: (install.adapter_symlinks ?? []).map((s) =>
      pair(
        s.link,
        s.target,
        s.fallback === "import"
          ? `import:${(s.import_template ?? "").replaceAll("{target}", s.target)}`
          : "copy",
      ),
    ),
    seeds: sorted(files.filter((f) => f.role === "seed").map((f) => f.path)),
    preserve: [...(install.preserve ?? [])],
    remove: [...(install.legacy_cleanup ?? [])],
    scaffold_dirs: [...(install.scaffold_dirs ?? [])],
    required: install.required ?? false,
    name: adapter.name ?? adapter.id,
    executables: sorted(files.filter((f) => f.executable).map((f) => f.path)),
    ...(install.adopt?.length ? { adopt: install.adopt.map(adoptManifestLine) } : {}),
  };
}

/** "<path> :: block" or "<path> :: import:<the import line>[ :: <when>,...]"; the target relative to path's folder. */
function adoptManifestLine(spec: AdoptSpec): string {
  if (spec.as === "block") return pair(spec.path, "block");
  const target = posix.relative(posix.dirname(spec.path), spec.target ?? "");
  const how = `import:${(spec.import_template ?? "").replaceAll("{target}", target)}`;
  return spec.when_present?.length ? pair(spec.path, how, spec.when_present.join(",")) : pair(spec.path, how);
}

/** Whether a path lies below one of the folders; looks up each ancestor, so many folders stay cheap. */
function underAny(folders: Set<string>): (path: string) => boolean {
  return (path) => {
    for (let end = path.lastIndexOf("/"); end > 0; end = path.lastIndexOf("/", end - 1))
      if (folders.has(path.slice(0, end))) return true;
    return false;
  };
}

/**
 * flat layout: the output folder; per_rule_dir: one folder per rule; root files are owned one by one.
 * A client pack of the same id shares the component: its files (role asset or seed) are owned one by one.
 */
function ownedDirs(adapter: Adapter, files: EmittedFile[]): string[] {
  const ruleFiles = files.filter((f) => f.role === "always-on" || f.role === "scoped");
  const dir = (adapter.output_dir ?? "").replace(/\/+$/, "");
  if (adapter.scoped_layout === "per_rule_dir") {
    return sorted(
      ruleFiles.filter((f) => f.role === "scoped").map((f) => f.path.slice(0, f.path.lastIndexOf("/"))),
    );
  }
  return dir && ruleFiles.length > 0 ? [dir] : [];
}

function seedRefreshHashes(registry: Registry): string[] {
  return registry.adapters.flatMap(({ adapter }) =>
    seedSets(adapter).flatMap((set) =>
      Object.entries(set.known_hashes ?? {}).flatMap(([file, hashes]) =>
        hashes.map((h) => pair(joinPath(set.install_dir, file), h)),
      ),
    ),
  );
}

function toolLists(
  registry: Registry,
): Pick<ManifestInstall, "tools" | "tool_paths" | "tool_payloads" | "tool_payload_keep" | "tool_purposes"> {
  const tools = registry.targets.tools ?? [];
  const named = new Set(tools.map((t) => t.name));
  const required = capabilityTools(registry.capabilities).filter((line) => {
    const name = splitLine(line, 2)?.[0] ?? line;
    if (named.has(name)) return false;
    named.add(name);
    return true;
  });
  return {
    tools: [...tools.map((t) => pair(t.name, t.install[0] ?? "")), ...required],
    tool_paths: tools.filter((t) => t.project_path).map((t) => pair(t.name, t.project_path ?? "")),
    tool_payloads: tools.flatMap((t) => (t.payload ?? []).map((p) => pair(t.name, p))),
    tool_payload_keep: tools.flatMap((t) => (t.payload_keep ?? []).map((p) => pair(t.name, p))),
    ...toolPurposes(tools, capabilityToolPurposes(registry.capabilities)),
  };
}

/** A tool's purpose, else a capability's why for the same command; written only when there is one. */
function toolPurposes(
  tools: readonly Tool[],
  fromCapabilities: string[],
): Pick<ManifestInstall, "tool_purposes"> {
  const named = new Set(tools.map((t) => t.name));
  const lines = [
    ...tools.flatMap((t) => (t.purpose ? [pair(t.name, t.purpose.replace(/\s+/g, " ").trim())] : [])),
    ...fromCapabilities.filter((line) => !named.has(line.slice(0, line.indexOf(pairSeparator)))),
  ];
  return lines.length > 0 ? { tool_purposes: lines } : {};
}

function rosterBudget(registry: Registry): Pick<ManifestInstall, "roster_budget"> {
  const budget = registry.targets.roster_budget;
  if (!budget) return {};
  return {
    roster_budget: {
      owned_words: budget.owned_words,
      vendor_reserve_words: budget.vendor_reserve_words ?? 0,
      roster_glob: budget.roster_glob ?? "",
      dead_marker: budget.dead_marker ?? "",
    },
  };
}
