import { type Diagnostic, groupFile } from "../../diagnostics/diagnostic.js";
import { commandWritable } from "../../packs/commands/arguments.js";
import { packPath } from "../../packs/shared/placeholders.js";
import { alwaysOnPath } from "../../registry/install-files.js";
import { fromSha256, nativeFolder, nativeIndex } from "../../registry/native-copies.js";
import { linkLeadsTo } from "../../shared/posix-path.js";
import { templateSchemas } from "../../shared/schema-paths.js";
import { adjustedWithHintFinding } from "../checks/native-content-imported.js";
import type { AssistantData, ImportedInstructions, ImportedItems, ItemNative, NativeFile } from "../model.js";
import type { ProjectReader } from "../read-project/project-reader.js";
import { importedSourceFiles, type RegistryFile } from "./registry-files.js";
import { writtenBytes } from "./write-registry.js";

type Item = ImportedItems["rules" | "skills" | "agents" | "commands"][number];

/**
 * Each item for the assistants whose files had it (docs/import.md, "Each assistant keeps its own view"): its
 * `clients` are those assistants when they are not every chosen pack. A file reached through a link of the
 * project is not the client's own copy: the project keeps the link, and the item is not written for that
 * client through it; an item read only through links is not imported (reported).
 */
export function itemClients(
  items: ImportedItems,
  chosen: readonly string[],
): { items: ImportedItems; diagnostics: Diagnostic[]; throughLinksOnly: string[] } {
  const diagnostics: Diagnostic[] = [];
  const throughLinksOnly: string[] = [];
  const assign = <T extends Item>(list: T[]): T[] =>
    list.flatMap((item) => {
      const natives = item.natives ?? [];
      if (natives.length === 0) return [item];
      const own = [...new Set(natives.filter((n) => !n.linked).map((n) => n.client))].sort();
      if (own.length === 0) {
        diagnostics.push(throughLinks(item));
        throughLinksOnly.push(...natives.map((n) => n.path));
        return [];
      }
      return [{ ...item, ...(everyChosen(own) ? {} : { clients: own }) }];
    });
  const everyChosen = (own: string[]) =>
    chosen.length > 0 && chosen.every((c) => own.includes(c)) && own.every((c) => chosen.includes(c));
  // A server, hook or permission rule read from the files of only some assistants is written for those alone.
  const own = <T extends { readBy?: string[]; clients?: string[] }>(item: T): T => {
    const { readBy } = item;
    const shared = !readBy || readBy.length === 0 || everyChosen(readBy);
    const mine = { ...item, ...(shared ? {} : { clients: readBy }) };
    delete mine.readBy;
    return mine;
  };
  const servers = items.servers.map(own);
  const hooks = items.hooks.map(own);
  const permissions = {
    deny: items.permissions.deny.map(own),
    ask: items.permissions.ask.map(own),
    allow: items.permissions.allow.map(own),
  };
  return {
    items: {
      ...items,
      rules: assign(items.rules),
      skills: assign(items.skills),
      agents: assign(items.agents),
      commands: assign(items.commands),
      servers,
      hooks,
      permissions,
    },
    diagnostics,
    throughLinksOnly,
  };
}

function throughLinks(item: Item): Diagnostic {
  const paths = (item.natives ?? []).map((n) => n.path).join(", ");
  return adjustedWithHintFinding({
    position: item.position,
    message: `${paths} is reached through a symbolic link of the project: the link stays as it is, and ${item.name} is not imported from it`,
    hint: "Import the file the link points to at a place an assistant reads, or keep the link.",
    group: `${groupFile} is reached through a symbolic link of the project: the link stays as it is, and its item is not imported from it`,
  });
}

/** What the copies need to know besides the items: the project's files, and which components are chosen. */
export interface CopyContext {
  natives: NativeFile[];
  reader: ProjectReader;
  assistants: AssistantData[];
  /** The chosen components: adapters and client packs of targets.json. */
  components: readonly string[];
  /** The registry folder: a file's hash is of its bytes as written there. */
  out: string;
  /** The settings files (JSON, TOML) agentc composes into, each with the pack that read it. */
  settings?: readonly { path: string; component: string }[];
}

/**
 * native.json and the copies below native/: every file import read an item from, as it was, for the component
 * whose file it is, tied to the registry files the item became (src/emit/native-copies.ts writes it back while
 * those are unchanged). Files reached through a link, of unchosen components, or whose item was not written
 * get none.
 */
export function nativeCopies(
  items: ImportedItems,
  files: Map<string, RegistryFile>,
  ctx: CopyContext,
): Map<string, RegistryFile> {
  const hashed = [...files].map(([path, file]) => ({ path, bytes: writtenBytes(ctx.out, path, file.bytes) }));
  const entries: CopyEntry[] = [];
  const copies = new Map<string, RegistryFile>();
  const add = (native: ItemNative, component: string, from: string[]) => {
    if (native.linked || native.loadsOnly || !ctx.components.includes(component)) return;
    if (!from.every((f) => written(files, f))) return;
    const paths = native.folder ? filesIn(ctx.natives, native.path) : [native.path];
    const read = paths.map((path) => ctx.natives.find((f) => f.path === path && f.bytes !== undefined));
    if (read.length === 0 || read.some((f) => f === undefined || f.unreadable)) return;
    const target = native.folder ? undefined : linkedFile(ctx, read[0] as NativeFile);
    for (const file of read as NativeFile[]) {
      const path = target ?? file.path;
      const entry = ctx.reader.entry(path);
      const executable = entry.kind === "file" && entry.executable;
      copies.set(`${nativeFolder}/${path}`, { bytes: file.bytes as Buffer, executable });
    }
    entries.push({
      path: target ?? native.path,
      component,
      from,
      from_sha256: fromSha256(from, hashed),
      ...(native.folder ? { folder: true } : {}),
      ...(target ? { through: native.path } : {}),
    });
  };
  const itemFiles: [Item, string][] = [
    ...items.rules.map((r): [Item, string] => [r, `core/rules/${r.name}.md`]),
    ...items.skills.map((s): [Item, string] => [s, `core/skills/${s.name}`]),
    ...items.agents.map((a): [Item, string] => [a, `core/agents/${a.name}.md`]),
    ...items.commands.map((c): [Item, string] => [c, `core/commands/${c.name}.md`]),
  ];
  const unwritable = new Set(unwritableCommandFiles(items, ctx.assistants));
  for (const [item, from] of itemFiles)
    for (const native of item.natives ?? [])
      if (!unwritable.has(native.path)) add(native, native.client, [from]);
  for (const [native, component, from] of sourceCopies(items, ctx.assistants)) add(native, component, from);
  // the values of a settings file came from the core's settings (src/emit/native-copies.ts composes them as they
  // were); targets.json too decides what is composed there (the secret guard, policies), so an edit of it also
  // brings the build's own values back rather than leave one of them out
  const coreSettings = [...files.keys()].filter((path) => /^core\/[^/]+\.json$/.test(path)).sort();
  for (const { path, component } of ctx.settings ?? [])
    if (coreSettings.length > 0)
      add({ client: component, path }, component, [...coreSettings, "targets.json"]);
  if (entries.length === 0) return copies;
  oneCopyPerPath(entries, copies);
  const index = { $schema: `${templateSchemas}native.schema.json`, version: 1, files: entries };
  copies.set(nativeIndex, { bytes: Buffer.from(`${JSON.stringify(index, null, 2)}\n`), executable: false });
  return copies;
}

/**
 * The files of commands whose prompt says $ARGUMENTS, read from a client without an arguments placeholder: the
 * build writes such a command for no such client (import reported it at the file), so the file stays the
 * project's, and a copy of it would be one the build cannot write (AGC190).
 */
export function unwritableCommandFiles(items: ImportedItems, assistants: AssistantData[]): string[] {
  const format = (client: string) => assistants.find((a) => a.pack?.client === client)?.pack?.command_format;
  return items.commands.flatMap((command) =>
    (command.natives ?? [])
      .filter((native) => {
        const placeholder = format(native.client)?.arguments_placeholder;
        return placeholder !== undefined && !commandWritable(command.body, placeholder);
      })
      .map((native) => native.path),
  );
}

/**
 * The always-on and scoped files of adapters: the source file each became, for the adapter that writes it
 * (the adapter whose own folder held it, or whose always-on file it is).
 */
function sourceCopies(items: ImportedItems, assistants: AssistantData[]): [ItemNative, string, string[]][] {
  const owner = (file: ImportedInstructions) =>
    file.adapter ??
    assistants.find(({ adapter }) => {
      if (!adapter) return false;
      if (!("globs" in file)) return alwaysOnPath(adapter) === file.file;
      const dir = (adapter.output_dir ?? "").replace(/\/+$/, "");
      return dir !== "" && file.file.startsWith(`${dir}/`);
    })?.adapter?.id;
  const files = importedSourceFiles(items);
  const shared = files
    .filter(({ file }) => file.adapter === undefined && !("globs" in file))
    .map((f) => f.path);
  const out = files.flatMap(({ path, file }): [ItemNative, string, string[]][] => {
    const id = owner(file);
    const reads = readsShared(items, file.file) ? shared : [];
    return id ? [[{ client: id, path: file.file }, id, [...reads, path]]] : [];
  });
  // a file that held nothing but the shared text is written back from the shared rules alone
  for (const { adapter, file } of items.sharedReaders ?? [])
    if (!files.some((f) => f.file.file === file))
      out.push([{ client: adapter, path: file }, adapter, shared]);
  return out;
}

/**
 * The project file a component's own file is the project's link to (an always-on file linking to another
 * client's instruction file), when that is a file inside the project: the copy is kept there, with the link
 * named (`through`), so the build writes the component's text where the link leads and the link stays.
 */
function linkedFile(ctx: CopyContext, file: NativeFile): string | undefined {
  const target = file.linkTarget === undefined ? undefined : linkLeadsTo(file.path, file.linkTarget);
  if (target === undefined) return undefined;
  const entry = ctx.reader.entry(target);
  if (entry.kind !== "file" || "link" in entry) return undefined;
  return chosenInstructionFiles(ctx).has(target) ? target : undefined;
}

/** The always-on files of the chosen adapters and client packs: where a link's copy may be kept. */
function chosenInstructionFiles(ctx: CopyContext): Set<string> {
  const files = new Set<string>();
  for (const { adapter, pack } of ctx.assistants) {
    const pinned = adapter && ctx.components.includes(adapter.id) ? alwaysOnPath(adapter) : undefined;
    if (pinned) files.add(pinned);
    if (!pack || !ctx.components.includes(pack.client)) continue;
    for (const file of [pack.root_instruction_file, ...(pack.also_reads?.instruction_files ?? [])])
      if (file) files.add(packPath(file, pack.runtime_placeholders));
  }
  return files;
}

/**
 * A copy kept where a link leads goes back to the link's own path when another copy is kept at that file
 * (an always-on file linking to a rule file another client has as its own): one path, one copy.
 */
function oneCopyPerPath(entries: CopyEntry[], copies: Map<string, RegistryFile>): void {
  const own = new Set(entries.filter((e) => e.through === undefined).map((e) => e.path));
  for (const entry of entries) {
    if (entry.through === undefined || !own.has(entry.path)) continue;
    // the file's bytes, the other copy's too: that copy stays where it is
    const copy = copies.get(`${nativeFolder}/${entry.path}`);
    if (copy) copies.set(`${nativeFolder}/${entry.through}`, copy);
    entry.path = entry.through;
    delete entry.through;
  }
}

interface CopyEntry {
  path: string;
  component: string;
  from: string[];
  from_sha256: string;
  folder?: true;
  through?: string;
}

function readsShared(items: ImportedItems, file: string): boolean {
  return (items.sharedReaders ?? []).some((r) => r.file === file);
}

function written(files: Map<string, RegistryFile>, from: string): boolean {
  if (files.has(from)) return true;
  const folders = writtenFolders.get(files) ?? folderSet(files);
  writtenFolders.set(files, folders);
  return folders.has(from);
}

const writtenFolders = new WeakMap<Map<string, RegistryFile>, Set<string>>();

function folderSet(files: Map<string, RegistryFile>): Set<string> {
  const folders = new Set<string>();
  for (const path of files.keys())
    for (let at = path.indexOf("/"); at > 0; at = path.indexOf("/", at + 1)) folders.add(path.slice(0, at));
  return folders;
}

function filesIn(natives: NativeFile[], folder: string): string[] {
  return [...new Set(natives.filter((f) => f.path.startsWith(`${folder}/`)).map((f) => f.path))].sort();
}
