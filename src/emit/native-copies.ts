import type { ClientPack } from "../clients/model.js";
import { settingsPlaces } from "../clients/settings-places.js";
import { skillFileName } from "../core/load-skills.js";
import type { CoreRule } from "../core/model.js";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { importedServerName } from "../packs/mcp/read-servers.js";
import { markdownBody } from "../packs/shared/items/owned-file.js";
import { packPath } from "../packs/shared/placeholders.js";
import { alwaysOnPath } from "../registry/install-files.js";
import type { Adapter, Registry } from "../registry/model.js";
import { type NativeCopy, nativeFolder } from "../registry/native-copies.js";
import { closingFenceAt, isFrontmatterFence } from "../shared/frontmatter-fence.js";
import { baseName, isAtOrBelow } from "../shared/posix-path.js";
import {
  changedSettingsFinding,
  copyProblem,
  copyProblemFinding,
  nothingReplacedFinding,
  pathTakenFinding,
} from "./checks/native-copy-written.js";
import type { ComposedFile, EmittedFile } from "./emitted-tree.js";
import { atProjectKeys, nativeValues, type RenamedKeys } from "./native-values.js";

/**
 * The registry's native copies in place of the files the build renders for the same items (docs/import.md,
 * "The round trip is the identity"): each current copy replaces its component's files of the registry files
 * it names, at its own path, byte for byte and mode for mode, so installing the registry into the project it
 * was imported from finds the project's own files there and changes none. A copy whose registry files were
 * edited since is not used; one that its component does not read, or that names nothing the component
 * writes, is reported.
 */
export function placeNativeCopies(
  registry: Registry,
  files: EmittedFile[],
  composed: ComposedFile[] = [],
): { files: EmittedFile[]; composed: ComposedFile[]; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  let out = files;
  let values = composed;
  for (const copy of registry.natives ?? []) {
    const settingsPath = settingsFileOf(registry, copy);
    if (settingsPath !== undefined) {
      const settings = values.find((c) => c.path === settingsPath && c.component === copy.component);
      const renamed = renamedServers(registry, copy);
      const native = settings && !copy.problem ? nativeValues(copy, settings, renamed) : undefined;
      if (settings && native) {
        // as imported, the project's own values (an install adopting them knows them as such); once the registry
        // is edited, the build's own, a server import renamed kept under the project's name in this file
        const here = copy.current ? native : atProjectKeys(copy, settings, renamed);
        values = values.map((c) => (c === settings ? { ...here, imported: native.entries } : c));
      }
      if (!copy.current) diagnostics.push(changedSettingsFinding(copy, settings !== undefined));
      continue;
    }
    const problem = copyProblem(copy, componentPlaces(registry, copy.component), () => everyPlace(registry));
    if (problem) {
      const moved = problem.stale
        ? (atOwnPath(registry, copy, out) ?? ownFileText(registry, copy, out))
        : undefined;
      if (moved) out = moved.files;
      // a rule of a module's own folder is rendered at the copy's path already (src/emit/adapters/emit-adapter.ts)
      const inPlace = out.some(
        (f) => f.component === copy.component && f.path === copy.path && expresses(registry, f, copy.from),
      );
      diagnostics.push(
        copyProblemFinding(copy, problem, moved !== undefined || (problem.stale === true && inPlace)),
      );
      continue;
    }
    const replaced = out.filter((f) => f.component === copy.component && expresses(registry, f, copy.from));
    const [first] = replaced;
    if (!first) {
      const own = ownFileCopy(registry, copy, out);
      if (own) out = [...out, own];
      else diagnostics.push(nothingReplacedFinding(copy, carriedBeside(copy, out)));
      continue;
    }
    const sharing = sharedPaths(registry, copy, out, replaced);
    if ("taken" in sharing) {
      diagnostics.push(pathTakenFinding(copy, sharing.taken));
      continue;
    }
    const gone = new Set([...replaced, ...sharing.replaced]);
    out = [
      ...out.filter((f) => !gone.has(f)),
      ...[first, ...sharing.firsts].flatMap((like) => copy.files.map((file) => copied(copy, file, like))),
    ];
  }
  return { files: out, composed: values, diagnostics };
}

/** The component's file that carries rules of the copy among rules of other registry files, if one does. */
function carriedBeside(copy: NativeCopy, out: readonly EmittedFile[]): string | undefined {
  const named = (path: string) => copy.from.some((f) => isAtOrBelow(path, f));
  return out.find(
    (f) => f.component === copy.component && !f.client && f.rules.some((rule) => named(rule.file)),
  )?.path;
}

/**
 * The other chosen components that write the copy's items at the copy's own paths (packs that share a
 * skills folder): the project's file there is what each of them read, so the copy replaces their
 * renderings too, with the same bytes under each component. A path is taken when a file of another item
 * is written there, or when a component renders the items at other paths as well.
 */
function sharedPaths(
  registry: Registry,
  copy: NativeCopy,
  out: readonly EmittedFile[],
  replaced: readonly EmittedFile[],
): { replaced: EmittedFile[]; firsts: EmittedFile[] } | { taken: string } {
  const paths = new Set(copy.files.map((f) => f.path));
  const atPaths = out.filter((f) => paths.has(f.path) && !replaced.includes(f));
  const sharing = { replaced: [] as EmittedFile[], firsts: [] as EmittedFile[] };
  for (const component of new Set(atPaths.map((f) => f.component))) {
    const rendered = out.filter((f) => f.component === component && expresses(registry, f, copy.from));
    const other = atPaths.find((f) => f.component === component && !rendered.includes(f));
    const elsewhere = rendered.find((f) => !paths.has(f.path));
    const [first] = rendered;
    if (other || elsewhere || !first)
      return { taken: (other ?? atPaths.find((f) => f.component === component) ?? copy).path };
    sharing.replaced.push(...rendered);
    sharing.firsts.push(first);
  }
  return sharing;
}

/**
 * A pack without a rule folder renders no rule, yet reads its own always-on files: an always-on rule import
 * read from one of them (a legacy guidelines file, its client's only one) is written back there, from its
 * copy while the rule is unchanged, else as the rule's text.
 */
function ownFileRule(
  registry: Registry,
  copy: NativeCopy,
  out: readonly EmittedFile[],
): { file: NativeCopy["files"][number]; rule: CoreRule } | undefined {
  const [file] = copy.files;
  if (copy.folder || copy.files.length !== 1 || !file || out.some((f) => f.path === file.path))
    return undefined;
  if (!instructionFiles(registry, copy.component).includes(file.path)) return undefined;
  if (out.some((f) => f.component === copy.component && expresses(registry, f, copy.from))) return undefined;
  const [rule, ...more] = copy.from.map((from) => registry.core.rules.find((r) => r.file === from));
  if (!rule || more.length > 0 || rule.trigger !== "always_on") return undefined;
  return { file, rule };
}

function ownFileCopy(
  registry: Registry,
  copy: NativeCopy,
  out: readonly EmittedFile[],
): EmittedFile | undefined {
  const own = ownFileRule(registry, copy, out);
  if (!own) return undefined;
  const { file, rule } = own;
  return {
    ...ownFile(copy, rule, file.path, file.bytes, file.executable),
    native: `${nativeFolder}/${file.path}`,
  };
}

function ownFileText(
  registry: Registry,
  copy: NativeCopy,
  out: EmittedFile[],
): { files: EmittedFile[] } | undefined {
  const own = ownFileRule(registry, copy, out);
  const pack = registry.clients.find((c) => c.pack.client === copy.component)?.pack;
  if (!own || !pack) return undefined;
  const text = markdownBody(own.rule.body, pack.runtime_placeholders);
  return { files: [...out, ownFile(copy, own.rule, own.file.path, Buffer.from(text), false)] };
}

function ownFile(
  copy: NativeCopy,
  rule: CoreRule,
  path: string,
  bytes: Buffer,
  executable: boolean,
): EmittedFile {
  return {
    path,
    bytes,
    component: copy.component,
    role: "asset",
    rules: [],
    executable,
    client: { client: copy.component, kind: "root", name: rule.name, alwaysLoaded: true },
  };
}

function copied(copy: NativeCopy, file: NativeCopy["files"][number], like: EmittedFile): EmittedFile {
  // every file of a skill's folder but its own SKILL.md is a file of the skill: a SKILL.md below it too
  const skillFile =
    copy.folder && file.path !== `${copy.path}/${skillFileName}` && like.client?.kind === "skill";
  return {
    path: file.path,
    bytes: file.bytes,
    component: like.component,
    role: like.role,
    rules: like.rules,
    executable: file.executable,
    native: `${nativeFolder}/${file.path}`,
    ...(like.client ? { client: skillFile ? { ...like.client, kind: "skill-file" } : like.client } : {}),
  };
}

/**
 * A stale copy of one file: the one file its component renders for the edited registry files moves to the
 * copy's path (same extension), so the person's file is taken over where it is and no renamed copy appears
 * beside it (`a.b.instructions.md`, `x_y.md`, a rule in a sub-folder).
 */
function atOwnPath(
  registry: Registry,
  copy: NativeCopy,
  files: EmittedFile[],
): { files: EmittedFile[] } | undefined {
  if (copy.folder) return folderAtOwnPath(registry, copy, files);
  if (copy.files.length !== 1) return undefined;
  const rendered = files.filter((f) => f.component === copy.component && expresses(registry, f, copy.from));
  const [only] = rendered;
  const extension = (path: string) => path.slice(path.lastIndexOf("."));
  if (rendered.length !== 1 || !only || only.path === copy.path) return undefined;
  if (files.some((f) => f.path === copy.path)) return undefined;
  // at the client's own instruction file (root or also-read), an always-on rule is that file's text
  if (only.client && instructionFiles(registry, copy.component).includes(copy.path)) {
    if (!alwaysOnRule(registry, only.client.name)) return undefined;
    const text: EmittedFile = {
      ...only,
      path: copy.path,
      bytes: withoutFrontmatter(only.bytes),
      client: { ...only.client, kind: "root" },
    };
    return { files: files.map((f) => (f === only ? text : f)) };
  }
  if (extension(only.path) !== extension(copy.path)) return undefined;
  return { files: files.map((f) => (f === only ? { ...f, path: copy.path } : f)) };
}

/**
 * A stale copy of a folder (a skill): the files its component renders for the edited registry files move from
 * their folder to the copy's, a folder the client also reads (a pack's also_reads skill folder),
 * so the person's folder is taken over where it is rather than the pack's own folder getting a second copy
 * beside another assistant's files there.
 */
function folderAtOwnPath(
  registry: Registry,
  copy: NativeCopy,
  files: EmittedFile[],
): { files: EmittedFile[] } | undefined {
  const rendered = files.filter((f) => f.component === copy.component && expresses(registry, f, copy.from));
  const folder = commonFolder(rendered.map((f) => f.path));
  if (folder === undefined || folder === copy.path) return undefined;
  const moved = new Map(rendered.map((f) => [f, `${copy.path}${f.path.slice(folder.length)}`]));
  const staying = new Set(files.filter((f) => !moved.has(f)).map((f) => f.path));
  if ([...moved.values()].some((path) => staying.has(path))) return undefined;
  const named = skillNamedAs(registry, copy.component, baseName(folder), baseName(copy.path));
  return {
    files: files.map((f) => {
      const path = moved.get(f);
      return path
        ? { ...f, path, ...(baseName(path) === skillFileName ? { bytes: named(f.bytes) } : {}) }
        : f;
    }),
  };
}

/**
 * A skill's file moved from the folder of its registry name (`notes-<client>`, renamed on import
 * beside another assistant's skill of that name) to the person's folder (`notes`): its name field
 * names that folder again, as a skill's name must, and the person's skill keeps the name it is started by.
 */
function skillNamedAs(
  registry: Registry,
  component: string,
  from: string,
  to: string,
): (bytes: Buffer) => Buffer {
  const key = registry.clients.find((c) => c.pack.client === component)?.pack.skill_frontmatter?.fields.name;
  if (!key || from === to) return (bytes) => bytes;
  return (bytes) => {
    const lines = bytes.toString("utf8").split("\n");
    const end = isFrontmatterFence(lines[0]) ? closingFenceAt(lines) : -1;
    const at = lines.indexOf(`${key}: ${from}`);
    if (end < 0 || at < 1 || at > end) return bytes;
    lines[at] = `${key}: ${to}`;
    return Buffer.from(lines.join("\n"), "utf8");
  };
}

/** The deepest folder holding every path; undefined for no path, or for paths with no folder in common. */
function commonFolder(paths: readonly string[]): string | undefined {
  const [first] = paths;
  if (first === undefined) return undefined;
  let folder = first.slice(0, first.lastIndexOf("/"));
  while (folder !== "" && !paths.every((path) => path.startsWith(`${folder}/`)))
    folder = folder.slice(0, Math.max(folder.lastIndexOf("/"), 0));
  return folder === "" ? undefined : folder;
}

function alwaysOnRule(registry: Registry, name: string | undefined): boolean {
  return registry.core.rules.find((r) => r.name === name)?.trigger === "always_on";
}

/** A rendered rule file's text without its frontmatter block: an instruction file is plain Markdown. */
function withoutFrontmatter(bytes: Buffer): Buffer {
  const text = bytes.toString("utf8");
  const end = text.startsWith("---\n") ? text.indexOf("\n---\n", 3) : -1;
  return end < 0 ? bytes : Buffer.from(text.slice(end + 5), "utf8");
}

/** The servers of the copy's settings file, whose names import may have changed (packs/mcp/read-servers.ts). */
function renamedServers(registry: Registry, copy: NativeCopy): RenamedKeys | undefined {
  const mcp = registry.clients.find((c) => c.pack.client === copy.component)?.pack.mcp;
  return mcp ? { under: mcp.key, name: importedServerName } : undefined;
}

/**
 * The settings file of its component a copy is: its own path, or the one it stands for when it is another
 * place of it (`also_reads.settings_files`: the install composes into that place, src/install/plan/composed-places.ts).
 */
function settingsFileOf(registry: Registry, copy: NativeCopy): string | undefined {
  const files = settingsFiles(registry, copy.component);
  if (files.includes(copy.path)) return copy.path;
  const client = registry.clients.find((c) => c.pack.client === copy.component);
  const places = client ? [...settingsPlaces([client])] : [];
  const standsFor = places.find(([, others]) => others.includes(copy.path))?.[0];
  return standsFor !== undefined && files.includes(standsFor) ? standsFor : undefined;
}

/** The settings files a chosen client pack composes values into (permissions, hooks, MCP servers, exec policy). */
function settingsFiles(registry: Registry, component: string): string[] {
  const pack = registry.clients.find((c) => c.pack.client === component)?.pack;
  if (!pack) return [];
  const files = [pack.permissions?.file, pack.hooks?.file, pack.mcp?.file, pack.exec_policy?.file];
  return files.flatMap((file) => (file ? [packPath(file, pack.runtime_placeholders)] : []));
}

/** The always-on files a chosen client pack reads as text: its root instruction file and those it also reads. */
function instructionFiles(registry: Registry, component: string): string[] {
  const pack = registry.clients.find((c) => c.pack.client === component)?.pack;
  const files = [pack?.root_instruction_file, ...(pack?.also_reads?.instruction_files ?? [])];
  return files.flatMap((p) => (p && pack ? [packPath(p, pack.runtime_placeholders)] : []));
}

/** Whether an emitted file carries one of the registry files `from` (a core item, or rules of a source file). */
function expresses(registry: Registry, file: EmittedFile, from: readonly string[]): boolean {
  const named = (path: string) => from.some((f) => isAtOrBelow(path, f));
  const origin = file.client;
  if (!origin) return file.rules.length > 0 && file.rules.every((rule) => named(rule.file));
  const core = registry.core;
  const item =
    origin.kind === "rule"
      ? core.rules.find((r) => r.name === origin.name)
      : origin.kind === "skill" || origin.kind === "skill-file"
        ? core.skills.find((s) => s.name === origin.name)
        : origin.kind === "agent"
          ? core.agents.find((a) => a.name === origin.name)
          : origin.kind === "command"
            ? core.commands.find((c) => c.name === origin.name)
            : undefined;
  return item !== undefined && named(item.file);
}

/** The files and folders a component's data names as its own places; undefined when it is not chosen. */
function componentPlaces(registry: Registry, component: string): string[] | undefined {
  const pack = registry.clients.find((c) => c.pack.client === component)?.pack;
  const adapter = registry.adapters.find((a) => a.adapter.id === component)?.adapter;
  if (!pack && !adapter) return undefined;
  return [...new Set([...(pack ? packPlaces(pack) : []), ...(adapter ? adapterPlaces(adapter) : [])])];
}

/** The places of every chosen client pack and adapter. */
function everyPlace(registry: Registry): string[] {
  const ids = [...registry.clients.map((c) => c.pack.client), ...registry.adapters.map((a) => a.adapter.id)];
  return ids.flatMap((id) => componentPlaces(registry, id) ?? []);
}

function packPlaces(pack: ClientPack): string[] {
  const read = pack.also_reads;
  // the files and folders the client reads items from; another place of a settings file is no item's
  const also = [
    read?.instruction_files,
    read?.rule_dirs,
    read?.skill_dirs,
    read?.agent_dirs,
    read?.command_dirs,
  ]
    .flat()
    .filter((p): p is string => p !== undefined);
  const places = [
    pack.root_instruction_file,
    pack.rules_dir,
    pack.skills_dir,
    pack.agents_dir,
    pack.commands_dir,
    ...also,
  ];
  return places.flatMap((p) => (p ? [packPath(p, pack.runtime_placeholders)] : []));
}

function adapterPlaces(adapter: Adapter): string[] {
  const pinned = alwaysOnPath(adapter);
  const dir = (adapter.output_dir ?? "").replace(/\/+$/, "");
  return [...(pinned ? [pinned] : []), ...(dir ? [dir] : [])];
}
